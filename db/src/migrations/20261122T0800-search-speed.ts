import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the search filters (legal status, country, publication year) on the narrow
 * search table. A filtered search used to fetch every text match from the heap only to throw
 * most of them away; with these the planner ANDs the filter's bitmap with the full-text index
 * bitmap first (BitmapAnd), so only rows that pass both are read. The first-IPC filter already
 * has patent_search_first_ipc_idx (used when a search has a few IPC prefixes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS patent_search_status_idx ON patent_search (patent_status)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS patent_search_jurisdiction_idx ON patent_search (jurisdiction)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS patent_search_year_idx ON patent_search (year_published)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS patent_search_year_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS patent_search_jurisdiction_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS patent_search_status_idx`.execute(db);
}
