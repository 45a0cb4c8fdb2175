import { type Db, deferSearchRows, type Database, type NewPatent } from '@patentscout/db';
import { sql, type Kysely } from 'kysely';

/** Rows per batch: large enough to amortise a round trip and a commit, small enough to keep memory flat. */
export const WRITE_BATCH_SIZE = 1_000;

/** A normalized row and where its record came from, for reports. */
export interface PositionedRow {
  row: NewPatent;
  position: string;
}

export interface SkippedRecord {
  position: string;
  reason: string;
}

export interface WriteOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows written with the AI text they brought. */
  enriched: number;
  skipped: SkippedRecord[];
}

/** Columns taken from the provider's record; a re-index updates a row only when one of them changed. */
const SOURCE_COLUMNS = [
  'doc_key',
  'jurisdiction',
  'doc_number',
  'kind',
  'date_published',
  'publication_type',
  'title',
  'abstract',
  'claims',
  'ipc_symbols',
  'first_ipc',
  'cpc_symbols',
  'inventors',
  'applicants',
  'owners',
  'earliest_priority_date',
  'patent_status',
  'anticipated_term_date',
  'family_id',
  'family_members',
  'title_lang',
] as const satisfies ReadonlyArray<keyof NewPatent>;
const AI_COLUMNS = [
  'ai_title',
  'ai_summary',
  'ai_types',
  'ai_uses',
  'ai_generated_at',
] as const satisfies ReadonlyArray<keyof NewPatent>;
/** What the AI text is written from: when one of these changes, the stored AI text is stale. */
const AI_INPUT_COLUMNS = [
  'title',
  'abstract',
  'claims',
  'ipc_symbols',
  'publication_type',
] as const satisfies ReadonlyArray<keyof NewPatent>;
const WRITTEN_COLUMNS = ['lens_id', ...SOURCE_COLUMNS, ...AI_COLUMNS] as const;
/** Serialized JSON already: spliced into the payload as JSON, not as a string. */
const JSON_COLUMNS = new Set<string>(['family_members']);

const list = (columns: readonly string[], prefix = '') =>
  sql.raw(columns.map((column) => `${prefix}${column}`).join(', '));
const aiInputsDiffer = sql`(${list(AI_INPUT_COLUMNS, 'patents.')}) IS DISTINCT FROM (${list(AI_INPUT_COLUMNS, 'excluded.')})`;

/**
 * One statement per batch. The batch arrives as one JSON parameter (pg-copy-streams is not
 * installed) and is staged in a MATERIALIZED CTE by json_populate_recordset (one round trip, no
 * 65,535-parameter limit; faster than unnest of per-column arrays). `json`, not `jsonb`: the
 * record column is `json`, and a `jsonb` payload would build a tree of every record only to
 * print it back, which nearly doubled the staging cost. Then: publications already indexed
 * under another id are reported (`taken`), and the rest are upserted. A row whose record is
 * unchanged is not touched (no new row version, no trigger, no index work), so re-running an
 * import changes nothing. AI text: a row that brings its own replaces the stored text only when
 * the row changed or had none; a row without AI text keeps the stored text unless the text it was
 * written from changed (then it is cleared for the enrichment job). `indexed_at` is set on insert
 * only.
 *
 * NOTE: not a temp staging table: inside the demo corpus's single long transaction its emptied
 * rows cannot be reclaimed, and every batch then scans all earlier ones (quadratic at a million).
 */
const mergeBatch = (payload: string) => sql<{
  outcome: 'taken' | 'written';
  batch_position: number;
  doc_key: string;
  lens_id: string;
  inserted: boolean;
  ai_generated_at: Date | null;
}>`
  WITH staged AS MATERIALIZED (
    SELECT s.*, (s.ordinality - 1)::int AS batch_position
    FROM json_populate_recordset(NULL::patents, ${payload}::json) WITH ORDINALITY AS s
  ),
  taken AS MATERIALIZED (
    SELECT s.batch_position, s.doc_key, p.lens_id AS indexed_as
    FROM staged s JOIN patents p ON p.doc_key = s.doc_key AND p.lens_id <> s.lens_id
  ),
  written AS (
    INSERT INTO patents (${list(WRITTEN_COLUMNS)})
    SELECT ${list(WRITTEN_COLUMNS)} FROM staged s WHERE s.batch_position NOT IN (SELECT batch_position FROM taken)
    ON CONFLICT (lens_id) DO UPDATE SET
      ${sql.join(SOURCE_COLUMNS.map((column) => sql`${sql.ref(column)} = ${sql.ref(`excluded.${column}`)}`))},
      ${sql.join(
        AI_COLUMNS.map(
          (column) =>
            sql`${sql.ref(column)} = CASE WHEN excluded.ai_generated_at IS NOT NULL OR ${aiInputsDiffer}
              THEN ${sql.ref(`excluded.${column}`)} ELSE ${sql.ref(`patents.${column}`)} END`,
        ),
      )}
    WHERE (${list(SOURCE_COLUMNS, 'patents.')}) IS DISTINCT FROM (${list(SOURCE_COLUMNS, 'excluded.')})
       OR (patents.ai_generated_at IS NULL AND excluded.ai_generated_at IS NOT NULL)
    RETURNING lens_id, (xmax = 0) AS inserted, ai_generated_at
  )
  SELECT 'taken' AS outcome, batch_position, doc_key, indexed_as AS lens_id, NULL::boolean AS inserted, NULL::timestamptz AS ai_generated_at FROM taken
  UNION ALL
  SELECT 'written', NULL, NULL, lens_id, inserted, ai_generated_at FROM written`;

/** One row as a JSON object of `patents`' row type, the serialized JSON columns spliced in as they are. */
function stagingJson(row: NewPatent): string {
  const fields: string[] = [];
  for (const column of WRITTEN_COLUMNS) {
    const value = row[column];
    if (value === undefined || value === null) continue;
    fields.push(`"${column}":${JSON_COLUMNS.has(column) ? String(value) : JSON.stringify(value)}`);
  }
  return `{${fields.join(',')}}`;
}

/**
 * Postgres cannot update one row twice in a statement, and a doc key may belong to one patent
 * only: within a batch the last record of an id wins, and a second id for a publication is skipped.
 */
function distinctRows(rows: readonly PositionedRow[]): { kept: PositionedRow[]; skipped: SkippedRecord[] } {
  const byLensId = new Map<string, PositionedRow>();
  const skipped: SkippedRecord[] = [];
  for (const entry of rows) {
    const earlier = byLensId.get(entry.row.lens_id);
    if (earlier)
      skipped.push({
        position: earlier.position,
        reason: `superseded by a later record of the same patent ${entry.row.lens_id} (${entry.position})`,
      });
    byLensId.delete(entry.row.lens_id);
    byLensId.set(entry.row.lens_id, entry);
  }
  const byDocKey = new Map<string, PositionedRow>();
  const kept: PositionedRow[] = [];
  for (const entry of byLensId.values()) {
    const owner = byDocKey.get(entry.row.doc_key);
    if (owner) {
      skipped.push({
        position: entry.position,
        reason: `publication ${entry.row.doc_key} is already given as ${owner.row.lens_id} (${owner.position})`,
      });
      continue;
    }
    byDocKey.set(entry.row.doc_key, entry);
    kept.push(entry);
  }
  // Batches written side by side lock their rows in one order, so they can wait but never deadlock.
  kept.sort((a, b) => (a.row.lens_id < b.row.lens_id ? -1 : 1));
  return { kept, skipped };
}

export interface WriteOptions {
  /**
   * Inserts patents without their search rows, for bulk loads that end with
   * `buildDeferredSearchRows`. Inside a caller's transaction the caller defers them instead.
   */
  deferSearchRows?: boolean;
}

/**
 * Writes one batch in one statement, so it is written whole or not at all: an interrupted run
 * leaves whole batches behind, and a re-run resumes safely. Inside a caller's transaction (the
 * demo corpus) it joins that transaction.
 */
export async function writePatentBatch(
  db: Kysely<Database>,
  rows: readonly PositionedRow[],
  options: WriteOptions = {},
): Promise<WriteOutcome> {
  const { kept, skipped } = distinctRows(rows);
  if (kept.length === 0) return { inserted: 0, updated: 0, unchanged: 0, enriched: 0, skipped };
  const statement = mergeBatch(`[${kept.map((entry) => stagingJson(entry.row)).join(',')}]`);
  const result = db.isTransaction
    ? await statement.execute(db)
    : await db.transaction().execute(async (transaction) => {
        // NOTE: the commit does not wait for its WAL flush (measured about 10% faster). A crash can
        // then lose the last batches reported as written, which a re-run writes again; never half a batch.
        await sql`SET LOCAL synchronous_commit = off`.execute(transaction);
        if (options.deferSearchRows) await deferSearchRows(transaction);
        return statement.execute(transaction);
      });
  const written = result.rows.filter((row) => row.outcome === 'written');
  for (const row of result.rows) {
    if (row.outcome === 'taken')
      skipped.push({
        position: kept[row.batch_position]?.position ?? '?',
        reason: `publication ${row.doc_key} is already indexed as ${row.lens_id}`,
      });
  }
  const inserted = written.filter((row) => row.inserted).length;
  const broughtText = new Map(kept.map((entry) => [entry.row.lens_id, entry.row.ai_generated_at]));
  const enriched = written.filter((row) => {
    const brought = broughtText.get(row.lens_id);
    return brought instanceof Date && row.ai_generated_at?.getTime() === brought.getTime();
  }).length;
  const taken = result.rows.length - written.length;
  return {
    inserted,
    updated: written.length - inserted,
    unchanged: kept.length - taken - written.length,
    enriched,
    skipped,
  };
}

export async function hasAnyPatent(db: Db): Promise<boolean> {
  const row = await db.selectFrom('patents').select('lens_id').limit(1).executeTakeFirst();
  return row !== undefined;
}
