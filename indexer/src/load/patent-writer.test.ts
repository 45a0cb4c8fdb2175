import { listText, type NewPatent } from '@patentscout/db';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichRows } from '../enrich/enrich-rows.js';
import { OfflineSummarizer } from '../enrich/offline-summarizer.js';
import { lensRecordToRow } from '../normalize/lens-to-row.js';
import { generatePatents } from '../sources/generator.js';
import { writePatentBatch, type PositionedRow } from './patent-writer.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const ROWS = [...generatePatents({ count: 40, seed: 11 })].map(lensRecordToRow);
const positioned = (rows: NewPatent[]): PositionedRow[] =>
  rows.map((row, index) => ({ row, position: `test:${index + 1}` }));
const enriched = async (rows: NewPatent[]) => (await enrichRows(rows, new OfflineSummarizer())).rows;

/** Row versions: a patent that was not rewritten keeps its xmin. */
async function versionsOf(lensIds: string[]) {
  const { rows } = await sql<{ lens_id: string; xmin: string; indexed_at: Date; ai_title: string | null }>`
    SELECT lens_id, xmin::text, indexed_at, ai_title FROM patents WHERE lens_id = ANY(${lensIds}) ORDER BY lens_id`.execute(
    database.db,
  );
  return rows;
}

describe('writePatentBatch', () => {
  it('inserts new patents, and a second write of the same records changes nothing', async () => {
    const rows = await enriched(ROWS.slice(0, 10));
    expect(await writePatentBatch(database.db, positioned(rows))).toEqual({
      inserted: 10,
      updated: 0,
      unchanged: 0,
      enriched: 10,
      skipped: [],
    });
    const before = await versionsOf(rows.map((row) => row.lens_id));
    // The offline text is made again with a new time stamp; the stored text is the same, so nothing is written.
    const again = await writePatentBatch(database.db, positioned(await enriched(ROWS.slice(0, 10))));
    expect(again).toEqual({ inserted: 0, updated: 0, unchanged: 10, enriched: 0, skipped: [] });
    expect(await versionsOf(rows.map((row) => row.lens_id))).toEqual(before);
  });

  it('updates a changed patent, keeping when it entered the index, and clears AI text only when its source text changed', async () => {
    const [moved, renamed] = await enriched(ROWS.slice(10, 12));
    await writePatentBatch(database.db, positioned([moved!, renamed!]));
    const [movedBefore, renamedBefore] = await versionsOf([moved!.lens_id, renamed!.lens_id].sort());
    const changes = [
      { ...ROWS[10]!, applicants: listText(['NEW OWNER PTY LTD']) },
      { ...ROWS[11]!, title: 'A completely different title' },
    ];
    expect(await writePatentBatch(database.db, positioned(changes))).toMatchObject({
      inserted: 0,
      updated: 2,
      unchanged: 0,
      enriched: 0,
    });
    const after = await versionsOf([moved!.lens_id, renamed!.lens_id].sort());
    const byId = new Map(after.map((row) => [row.lens_id, row]));
    expect(byId.get(moved!.lens_id)?.ai_title).toBe(moved!.ai_title);
    expect(byId.get(renamed!.lens_id)?.ai_title).toBeNull();
    expect(after.map((row) => row.indexed_at)).toEqual([movedBefore!.indexed_at, renamedBefore!.indexed_at]);
  });

  it('adds AI text to a stored patent that had none', async () => {
    const plain = ROWS.slice(12, 14);
    await writePatentBatch(database.db, positioned(plain));
    expect(await writePatentBatch(database.db, positioned(await enriched(plain)))).toMatchObject({
      updated: 2,
      enriched: 2,
    });
  });

  it('skips a second id for a publication already indexed, and a repeated record within a batch, saying why', async () => {
    const original = ROWS[20]!;
    await writePatentBatch(database.db, positioned([original]));
    const sameNumberOtherId = { ...original, lens_id: '999-999-999-999-99X' };
    const repeated = ROWS[21]!;
    const outcome = await writePatentBatch(database.db, [
      { row: sameNumberOtherId, position: 'import.jsonl:1' },
      { row: repeated, position: 'import.jsonl:2' },
      { row: { ...repeated, title: 'Later version' }, position: 'import.jsonl:3' },
    ]);
    expect(outcome).toMatchObject({ inserted: 1, updated: 0, unchanged: 0 });
    expect(outcome.skipped).toEqual([
      {
        position: 'import.jsonl:2',
        reason: `superseded by a later record of the same patent ${repeated.lens_id} (import.jsonl:3)`,
      },
      {
        position: 'import.jsonl:1',
        reason: `publication ${original.doc_key} is already indexed as ${original.lens_id}`,
      },
    ]);
    const stored = await database.db
      .selectFrom('patents')
      .select('title')
      .where('lens_id', '=', repeated.lens_id)
      .executeTakeFirstOrThrow();
    expect(stored.title).toBe('Later version');
  });

  it("joins a caller's transaction, so a rolled-back load leaves nothing behind", async () => {
    const rows = ROWS.slice(30, 35);
    await expect(
      database.db.transaction().execute(async (transaction) => {
        await writePatentBatch(transaction, positioned(rows.slice(0, 2)));
        await writePatentBatch(transaction, positioned(rows.slice(2)));
        throw new Error('start-up interrupted');
      }),
    ).rejects.toThrowError('start-up interrupted');
    expect(await versionsOf(rows.map((row) => row.lens_id))).toEqual([]);
  });
});
