import { sql, type Kysely } from 'kysely';

/**
 * Classification indexes over the top of the static rank and over the rest (ADR 0139), as the
 * words have (migrations 20261123T0200-top-rank-indexes and 20261127T0100-rest-of-rank-indexes):
 * an advanced search driven by a classification prefix (`class_ipcr.symbol:H01M10*`) reads the
 * top first, and the rest only when the top left room. Through the whole index its bitmap held
 * every patent of the prefix, and grew with the corpus: x2.3-2.8 from 1,000,000 patents to
 * 3,000,000. The whole indexes stay, for counts and the counting samples.
 */
const SCHEMES = ['ipc', 'cpc'] as const;
const PARTS = [
  ['top', '>= 0.91'],
  ['rest', '< 0.91'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const scheme of SCHEMES) {
    for (const [part, bound] of PARTS) {
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`patent_search_${scheme}_${part}_idx`)} ON patent_search USING gin (classification_prefixes(list_items(${sql.ref(`${scheme}_symbols`)}))) WHERE static_rank ${sql.raw(bound)}`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const scheme of SCHEMES) {
    for (const [part] of PARTS)
      await sql`DROP INDEX IF EXISTS ${sql.id(`patent_search_${scheme}_${part}_idx`)}`.execute(db);
  }
}
