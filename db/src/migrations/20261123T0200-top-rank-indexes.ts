import { sql, type Kysely } from 'kysely';

/**
 * Word indexes over the top of the static rank: the patents from about 2021 on that are in
 * force or pending, with an abstract and AI text (`static_rank >= 0.91`, a sixth of the demo
 * corpus). An advanced search whose matches fill its candidate budget there reads them first,
 * and the whole index only if they leave room: a GIN bitmap collects every match of the words
 * before the first row is read, so a broad search paid for all its matches although it keeps
 * only the first thousand. `TOP_RANK_MIN` in features/search/rank-tiers.ts must stay this bound
 * (a test checks that the planner uses these indexes for the SQL written with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS patent_search_text_top_idx ON patent_search USING gin (text_vector) WHERE static_rank >= 0.91`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS patent_search_names_top_idx ON patent_search USING gin (names_vector) WHERE static_rank >= 0.91`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS patent_search_names_top_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS patent_search_text_top_idx`.execute(db);
}
