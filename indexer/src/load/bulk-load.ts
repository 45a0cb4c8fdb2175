import { stageSearchRows, type SearchRowBuild, type Database } from '@patentscout/db';
import { sql, type Kysely } from 'kysely';
import { writePatentBatch, type PositionedRow, type WriteOutcome } from './patent-writer.js';

export interface BulkLoad {
  write(rows: PositionedRow[]): Promise<WriteOutcome>;
  /** Builds the search rows the load deferred; call it also after an interruption or a failure. */
  finish(): Promise<SearchRowBuild>;
}

/**
 * A checkpoint once a load is indexed: the WAL it wrote is recycled at once instead of staying
 * in the data folder until the next timed one. Needs a superuser (the embedded database's) or
 * pg_checkpoint; elsewhere the server's own checkpoints do it later.
 */
async function checkpoint(db: Kysely<Database>): Promise<void> {
  await sql`CHECKPOINT`.execute(db).catch(() => undefined);
}

/**
 * A load of many batches, each committed on its own, whose search rows are computed beside the
 * load and indexed once at its end instead of row by row (see the search engine's search-index.ts).
 */
export async function startBulkLoad(db: Kysely<Database>): Promise<BulkLoad> {
  const stager = await stageSearchRows(db);
  return {
    async write(rows) {
      const outcome = await writePatentBatch(db, rows, { deferSearchRows: true });
      stager.add(rows.map((entry) => entry.row.lens_id));
      return outcome;
    },
    async finish() {
      const build = await stager.finish();
      await checkpoint(db);
      return build;
    },
  };
}
