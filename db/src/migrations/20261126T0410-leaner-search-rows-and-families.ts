import { sql, type Kysely } from 'kysely';
import { ARRAYS, searchRowFunction } from '../search-row/contract.js';

/**
 * Two more cuts toward 4,000 bytes a patent (ADR 0119), each one rewrite of its table inside the
 * migration's transaction, so the bytes leave at once and a failure leaves everything as it was:
 *
 * - The classification prefixes (IPC and CPC, 195 B a patent) are no longer stored in the search
 *   rows and their samples: GIN indexes over `classification_prefixes(symbols)` find them, and
 *   a search's recheck computes them from the symbols the row keeps anyway.
 * - A family member is a five-element array, [lens_id, jurisdiction, doc_number, kind, date],
 *   instead of an object with its keys spelt out in every element of every member's row.
 */
const SAMPLES = ['patent_search_sample', 'patent_search_subsample'] as const;
const SEARCH_TABLES = ['patent_search', ...SAMPLES] as const;

const SEARCH_SYNC = (prefixes: string) => sql`
  CREATE OR REPLACE FUNCTION patent_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' AND current_setting('patentscout.search_rows', true) = 'deferred' THEN
      RETURN NULL;
    END IF;
    INSERT INTO patent_search SELECT (patent_search_row(NEW)).*
    ON CONFLICT (lens_id) DO UPDATE SET
      family_key = EXCLUDED.family_key, static_rank = EXCLUDED.static_rank,
      jurisdiction = EXCLUDED.jurisdiction, kind = EXCLUDED.kind,
      publication_type = EXCLUDED.publication_type, doc_number_norm = EXCLUDED.doc_number_norm,
      date_published = EXCLUDED.date_published, year_published = EXCLUDED.year_published,
      priority_date = EXCLUDED.priority_date, patent_status = EXCLUDED.patent_status,
      first_ipc = EXCLUDED.first_ipc, ipc_symbols = EXCLUDED.ipc_symbols, cpc_symbols = EXCLUDED.cpc_symbols,
      ${sql.raw(prefixes)}
      inventors_exact = EXCLUDED.inventors_exact, applicants_exact = EXCLUDED.applicants_exact,
      owners_exact = EXCLUDED.owners_exact, text_vector = EXCLUDED.text_vector,
      names_vector = EXCLUDED.names_vector;
    RETURN NULL;
  END
  $$`;

/**
 * Rewrites `table` (an ALTER ... TYPE whose USING is not the bare column forces it): the bytes
 * of dropped columns leave the table, its TOAST and its indexes with no VACUUM FULL.
 */
const rewrite = (table: string) =>
  sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN static_rank TYPE real USING static_rank + 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of SEARCH_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN ipc_prefixes, DROP COLUMN cpc_prefixes`.execute(db);
  }
  await sql`${searchRowFunction(ARRAYS)}`.execute(db);
  await SEARCH_SYNC('').execute(db);
  for (const table of SEARCH_TABLES) await rewrite(table).execute(db);
  await sql`CREATE INDEX patent_search_ipc_idx ON patent_search USING gin (classification_prefixes(ipc_symbols))`.execute(
    db,
  );
  await sql`CREATE INDEX patent_search_cpc_idx ON patent_search USING gin (classification_prefixes(cpc_symbols))`.execute(
    db,
  );

  await sql`
    CREATE FUNCTION compact_family(members jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(jsonb_agg(jsonb_build_array(
               e ->> 'lens_id', e -> 'document_id' ->> 'jurisdiction', e -> 'document_id' ->> 'doc_number',
               e -> 'document_id' ->> 'kind', e -> 'document_id' ->> 'date') ORDER BY position), '[]'::jsonb)
      FROM jsonb_array_elements(members) WITH ORDINALITY AS m(e, position)
    $$`.execute(db);
  await sql`ALTER TABLE patents ALTER COLUMN family_members TYPE jsonb USING compact_family(family_members)`.execute(
    db,
  );
  await sql`DROP FUNCTION compact_family(jsonb)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION spelt_out_family(members jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object('lens_id', e ->> 0, 'document_id',
               jsonb_build_object('jurisdiction', e ->> 1, 'doc_number', e ->> 2, 'kind', e ->> 3, 'date', e ->> 4)))
               ORDER BY position), '[]'::jsonb)
      FROM jsonb_array_elements(members) WITH ORDINALITY AS m(e, position)
    $$`.execute(db);
  await sql`ALTER TABLE patents ALTER COLUMN family_members TYPE jsonb USING spelt_out_family(family_members)`.execute(
    db,
  );
  await sql`DROP FUNCTION spelt_out_family(jsonb)`.execute(db);

  await sql`DROP INDEX patent_search_ipc_idx, patent_search_cpc_idx`.execute(db);
  // Stored again, last in the row (the samples and the row function follow the same order).
  for (const table of SEARCH_TABLES) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN ipc_prefixes text[] NOT NULL DEFAULT '{}', ADD COLUMN cpc_prefixes text[] NOT NULL DEFAULT '{}'`.execute(
      db,
    );
    await sql`
      UPDATE ${sql.table(table)}
      SET ipc_prefixes = classification_prefixes(ipc_symbols), cpc_prefixes = classification_prefixes(cpc_symbols)`.execute(
      db,
    );
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ipc_prefixes DROP DEFAULT, ALTER COLUMN cpc_prefixes DROP DEFAULT`.execute(
      db,
    );
  }
  await sql
    .raw(
      searchRowFunction(ARRAYS)
        .compile(db)
        .sql.replace(
          ')::patent_search',
          ',\n      classification_prefixes(p.ipc_symbols),\n      classification_prefixes(p.cpc_symbols)\n    )::patent_search',
        ),
    )
    .execute(db);
  await SEARCH_SYNC('ipc_prefixes = EXCLUDED.ipc_prefixes, cpc_prefixes = EXCLUDED.cpc_prefixes,').execute(
    db,
  );
  await sql`CREATE INDEX patent_search_ipc_idx ON patent_search USING gin (ipc_prefixes)`.execute(db);
  await sql`CREATE INDEX patent_search_cpc_idx ON patent_search USING gin (cpc_prefixes)`.execute(db);
}
