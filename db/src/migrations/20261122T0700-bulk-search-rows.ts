import { sql, type Kysely } from 'kysely';

/**
 * Bulk loads without row-by-row search indexing. A transaction that sets
 * `patentscout.search_rows = 'deferred'` inserts patents without their `patent_search` rows;
 * `buildDeferredSearchRows` (db/search-rows.ts) then builds the missing rows set-based, in
 * parallel and in static-rank order. Updates always keep their search row in step, so a
 * missing row can only mean a deferred insert.
 *
 * Also cheaper writes: faster helpers for the search row (same results; the prefix and
 * lower-casing helpers were SQL functions with an aggregate each, a fifth of the row's cost),
 * and the provider's record stored uncompressed.
 */
/** The trigger's write, as in 20261122T0500-search-index. */
const upsertSearchRow = sql.raw(`
      INSERT INTO patent_search SELECT (patent_search_row(NEW)).*
      ON CONFLICT (lens_id) DO UPDATE SET
        family_key = EXCLUDED.family_key, static_rank = EXCLUDED.static_rank,
        jurisdiction = EXCLUDED.jurisdiction, kind = EXCLUDED.kind,
        publication_type = EXCLUDED.publication_type, doc_number_norm = EXCLUDED.doc_number_norm,
        date_published = EXCLUDED.date_published, year_published = EXCLUDED.year_published,
        priority_date = EXCLUDED.priority_date, patent_status = EXCLUDED.patent_status,
        first_ipc = EXCLUDED.first_ipc, ipc_symbols = EXCLUDED.ipc_symbols, cpc_symbols = EXCLUDED.cpc_symbols,
        ipc_prefixes = EXCLUDED.ipc_prefixes, cpc_prefixes = EXCLUDED.cpc_prefixes,
        inventors_exact = EXCLUDED.inventors_exact, applicants_exact = EXCLUDED.applicants_exact,
        owners_exact = EXCLUDED.owners_exact, text_vector = EXCLUDED.text_vector,
        names_vector = EXCLUDED.names_vector;`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION classification_prefixes(symbols text[]) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      prefixes text[] := '{}';
      symbol text;
      prefix text;
    BEGIN
      IF symbols IS NULL THEN RETURN prefixes; END IF;
      FOREACH symbol IN ARRAY symbols LOOP
        symbol := upper(symbol);
        FOREACH prefix IN ARRAY ARRAY[left(symbol, 1), left(symbol, 3), left(symbol, 4), split_part(symbol, '/', 1), symbol] LOOP
          IF prefix <> '' AND NOT (prefix = ANY (prefixes)) THEN prefixes := prefixes || prefix; END IF;
        END LOOP;
      END LOOP;
      RETURN prefixes;
    END
    $$`.execute(db);

  // NOTE: chr(31) (unit separator) never occurs in a name; array_to_string drops NULL elements.
  await sql`
    CREATE OR REPLACE FUNCTION lower_all(values_ text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(string_to_array(lower(array_to_string(values_, chr(31))), chr(31)), '{}')
    $$`.execute(db);

  await sql`ALTER FUNCTION patent_search_row(patents) PARALLEL SAFE`.execute(db);
  // The provider's record is read whole, one patent at a time, and never scanned: storing it
  // uncompressed saves pglz's work on every write, for about 1 KB more disk a patent.
  await sql`ALTER TABLE patents ALTER COLUMN record SET STORAGE EXTERNAL`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION patent_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' AND current_setting('patentscout.search_rows', true) = 'deferred' THEN
        RETURN NULL;
      END IF;
      ${upsertSearchRow}
      RETURN NULL;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION patent_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsertSearchRow}
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`ALTER FUNCTION patent_search_row(patents) PARALLEL UNSAFE`.execute(db);
  await sql`ALTER TABLE patents ALTER COLUMN record SET STORAGE EXTENDED`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION lower_all(values_ text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(lower(value)), '{}') FROM unnest(values_) AS value
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION classification_prefixes(symbols text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT prefix), '{}')
      FROM unnest(symbols) AS symbol,
           LATERAL (VALUES (left(upper(symbol), 1)), (left(upper(symbol), 3)), (left(upper(symbol), 4)),
                           (split_part(upper(symbol), '/', 1)), (upper(symbol))) AS prefixes(prefix)
      WHERE prefix <> ''
    $$`.execute(db);
}
