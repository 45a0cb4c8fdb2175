import { SHARED_PATENT_COUNT, sharedPatentFiles } from '@patentscout/schema/testing/shared-patents';
import { countPatents } from '@patentscout/server/testing/patent-fixtures';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineSummarizer } from './enrich/offline-summarizer.js';
import { writePatentBatch, type SkippedRecord } from './load/patent-writer.js';
import { indexSource, type IndexSourceOptions } from './pipeline.js';
import { generatePatents } from './sources/generator.js';
import { readLensFiles } from './sources/lens-file.js';

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'lens-import-'));
});
afterAll(async () => {
  await database.drop();
  await rm(dir, { recursive: true, force: true });
});

/** What `index import` does, without the terminal. */
async function importFiles(files: string[], options: Partial<IndexSourceOptions> = {}) {
  const source = readLensFiles(files);
  const skipped: SkippedRecord[] = [];
  const result = await indexSource({
    items: source.items,
    sourceProgress: source.progress,
    summarizer: new OfflineSummarizer(),
    write: (rows) => writePatentBatch(database.db, rows),
    writeConcurrency: 2,
    onSkipped: (entry) => skipped.push(entry),
    ...options,
  });
  return { ...result, skipped };
}

describe('importing Lens files', () => {
  it('loads every shared real record, and importing them again changes nothing', async () => {
    const files = await sharedPatentFiles();
    const first = await importFiles(files);
    expect(first.skipped).toEqual([]);
    expect(first.counts).toMatchObject({
      read: SHARED_PATENT_COUNT,
      inserted: SHARED_PATENT_COUNT,
      enriched: SHARED_PATENT_COUNT,
      skipped: 0,
    });
    expect(await countPatents(database.db)).toBe(SHARED_PATENT_COUNT);

    const again = await importFiles(files);
    expect(again.counts).toEqual({
      read: SHARED_PATENT_COUNT,
      inserted: 0,
      updated: 0,
      unchanged: SHARED_PATENT_COUNT,
      skipped: 0,
      enriched: 0,
    });
  }, 240_000);

  it('imports a gzipped Lens response, skipping bad records with their file, place and reason', async () => {
    const records: unknown[] = [...generatePatents({ count: 6, seed: 21 })];
    records[2] = { ...(records[2] as object), date_published: 'last Tuesday' };
    const file = path.join(dir, 'response.json.gz');
    await writeFile(file, gzipSync(JSON.stringify({ total: records.length, data: records })));
    const result = await importFiles([file]);
    expect(result.counts).toMatchObject({ read: 6, inserted: 5, skipped: 1 });
    expect(result.skipped).toEqual([
      {
        position: 'response.json.gz data[2]',
        reason: expect.stringMatching(/^date_published: Invalid ISO date/),
      },
    ]);
  });

  it('resumes an interrupted import: what was written stays, the rest is added, nothing is written twice', async () => {
    const file = path.join(dir, 'interrupted.jsonl');
    await writeFile(
      file,
      [...generatePatents({ count: 3_500, seed: 22 })].map((record) => JSON.stringify(record)).join('\n'),
    );
    const before = await countPatents(database.db);
    const stop = new AbortController();
    const interrupted = await importFiles([file], {
      signal: stop.signal,
      writeConcurrency: 1,
      onProgress: () => stop.abort(),
    });
    expect(interrupted.interrupted).toBe(true);
    const written = interrupted.counts.inserted;
    expect(written).toBeGreaterThanOrEqual(1_000);
    expect(written).toBeLessThan(3_500);
    expect(await countPatents(database.db)).toBe(before + written);

    const resumed = await importFiles([file]);
    expect(resumed.interrupted).toBe(false);
    expect(resumed.counts).toMatchObject({
      read: 3_500,
      inserted: 3_500 - written,
      unchanged: written,
      updated: 0,
      skipped: 0,
    });
    expect(await countPatents(database.db)).toBe(before + 3_500);
  }, 60_000);
});
