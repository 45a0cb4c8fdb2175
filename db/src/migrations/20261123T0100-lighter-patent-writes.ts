import { sql, type Kysely } from 'kysely';

/**
 * Less work for every patent a load writes.
 *
 * - The provider's record becomes `json`: it is kept as delivered and read whole, one patent at
 *   a time (the patent page reads its title language), never queried inside. `jsonb` parsed it
 *   into a binary tree and sorted its keys on every write; `json` only checks the syntax, and
 *   staging a batch costs about half as much.
 * - Indexes nothing reads: search filters, sorts and groups on `patent_search`, so the patents
 *   table's date, first-class and family indexes (left from the first search) and the search
 *   table's static-rank index (searches read the table in its physical, rank order) were upkeep
 *   on every insert and a build after every bulk load, for no reader.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE patents ALTER COLUMN record TYPE json USING record::json`.execute(db);
  // A type change resets the storage to the type's default; see 20261122T0700-bulk-search-rows.
  await sql`ALTER TABLE patents ALTER COLUMN record SET STORAGE EXTERNAL`.execute(db);
  await sql`DROP INDEX IF EXISTS patents_date_published_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS patents_first_ipc_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS patents_family_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS patent_search_static_rank_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS patent_search_static_rank_idx ON patent_search (static_rank DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS patents_family_id_idx ON patents (family_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS patents_first_ipc_idx ON patents (first_ipc text_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS patents_date_published_idx ON patents (date_published)`.execute(db);
  await sql`ALTER TABLE patents ALTER COLUMN record TYPE jsonb USING record::jsonb`.execute(db);
  await sql`ALTER TABLE patents ALTER COLUMN record SET STORAGE EXTERNAL`.execute(db);
}
