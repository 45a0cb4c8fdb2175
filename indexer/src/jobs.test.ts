import { loadConfig } from '@patentscout/server/config';
import { type JobContext, createLogger } from '@patentscout/platform';
import type { Db } from '@patentscout/db';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrichPendingPatents } from './enrich/enrich-pending.js';
import { summarizerInputOf } from './enrich/enrich-rows.js';
import { OfflineSummarizer } from './enrich/offline-summarizer.js';
import { ENRICH_JOB, indexerJobs, REINDEX_JOB } from './jobs.js';
import { isoDay } from './load/index-runs.js';
import { writePatentBatch } from './load/patent-writer.js';
import { fetchFromLens } from './lens-fetch.js';
import { lensRecordToRow } from './normalize/lens-to-row.js';
import { generatePatents } from './sources/generator.js';
import { LensApiClient } from './sources/lens-api.js';
import { startLocalServer } from './testing/local-server.js';

let database: TestDatabase;
let lens: Awaited<ReturnType<typeof startLocalServer>>;
const RECORDS = [...generatePatents({ count: 12, seed: 41 })];
const logger = createLogger('silent');
const sent: Array<{ name: string; payload?: object }> = [];

const context = (): JobContext<Db> => ({
  db: database.db,
  logger,
  signal: new AbortController().signal,
  attempt: { retryCount: 0, last: true },
  send: async (name, payload) => {
    sent.push({ name, payload });
  },
});
const jobsWith = (env: Record<string, string>) =>
  indexerJobs(loadConfig({ LENS_API_URL: `${lens.url}/patent/search`, ...env }), logger);
const jobNamed = (jobs: ReturnType<typeof indexerJobs>, name: string) =>
  jobs.find((job) => job.name === name)!;
const withoutAiText = async () =>
  Number(
    (
      await database.db
        .selectFrom('patents')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('ai_generated_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  // The Lens API: one page with every record.
  lens = await startLocalServer(() => ({ status: 200, body: { total: RECORDS.length, data: RECORDS } }));
});
afterAll(async () => {
  await lens.close();
  await database.drop();
});
beforeEach(async () => {
  sent.length = 0;
  lens.requests.length = 0;
  await sql`TRUNCATE patents CASCADE`.execute(database.db);
});

describe('indexer.enrich', () => {
  it('writes AI text for patents without any, a limited number per run, and queues the next run', async () => {
    const rows = RECORDS.map(lensRecordToRow).map((row, index) => ({ row, position: String(index) }));
    await writePatentBatch(database.db, rows);
    const enrich = jobNamed(jobsWith({}), ENRICH_JOB);
    expect(enrich.schedule).toBeDefined();

    await enrich.handler({ limit: 5 }, context());
    expect(await withoutAiText()).toBe(RECORDS.length - 5);
    expect(sent).toEqual([{ name: ENRICH_JOB, payload: { limit: 5 } }]);

    await enrich.handler({}, context());
    expect(await withoutAiText()).toBe(0);
    expect(sent).toHaveLength(1);
    await expect(enrich.handler({ limit: -1 }, context())).rejects.toThrowError();
  });

  it('leaves a patent the model fails on for a later run and goes on with the others', async () => {
    const rows = RECORDS.slice(0, 4).map(lensRecordToRow);
    await writePatentBatch(
      database.db,
      rows.map((row, index) => ({ row, position: String(index) })),
    );
    // Members of one family share their title: the failing title is one no other row has.
    const failing = rows.find((row) => rows.filter((other) => other.title === row.title).length === 1)!.title;
    const offline = new OfflineSummarizer();
    const result = await enrichPendingPatents({
      db: database.db,
      batchSize: 2,
      summarizer: {
        summarize: (input) =>
          input.title === failing ? Promise.reject(new Error('model down')) : offline.summarize(input),
      },
    });
    expect(result).toMatchObject({ enriched: 3, failed: 1, remaining: 1, interrupted: false });
    // The AI types and uses are stored as delimited text (ADR 0125) and read back item by item.
    const enriched = rows.find((row) => row.title !== failing)!;
    const expected = await offline.summarize(summarizerInputOf(enriched));
    const stored = await sql<{ types: string[]; uses: string[] }>`
      SELECT list_items(ai_types) AS types, list_items(ai_uses) AS uses FROM patents
      WHERE lens_id = ${enriched.lens_id}`.execute(database.db);
    expect(stored.rows).toEqual([{ types: expected.types, uses: expected.uses }]);
    expect(expected.types.length + expected.uses.length).toBeGreaterThan(1);
  });
});

describe('indexer.reindex', () => {
  it('is not scheduled and does nothing without a Lens token', async () => {
    const reindex = jobNamed(jobsWith({}), REINDEX_JOB);
    expect(reindex.schedule).toBeUndefined();
    await reindex.handler({}, context());
    expect(lens.requests).toHaveLength(0);
  });

  it('runs weekly with a token, fetching from a week back first and from its last successful run after, then queues enrichment', async () => {
    const reindex = jobNamed(
      jobsWith({ LENS_API_TOKEN: 'lens-token', REINDEX_QUERY: 'applicant.name:CSIRO' }),
      REINDEX_JOB,
    );
    expect(reindex.schedule).toBe('0 3 * * 1');

    await reindex.handler({}, context());
    const weekAgo = isoDay(new Date(Date.now() - 7 * 24 * 60 * 60 * 1000));
    expect(lens.requests[0]?.headers.authorization).toBe('Bearer lens-token');
    expect(lens.requests[0]?.body).toMatchObject({
      query: {
        bool: {
          must: [{ query_string: { query: 'applicant.name:CSIRO' } }],
          filter: [{ range: { date_published: { gte: weekAgo } } }],
        },
      },
    });
    expect(await withoutAiText()).toBe(RECORDS.length);
    expect(sent).toEqual([{ name: ENRICH_JOB, payload: {} }]);

    await reindex.handler({}, context());
    expect(lens.requests[1]?.body).toMatchObject({
      query: { bool: { filter: [{ range: { date_published: { gte: isoDay(new Date()) } } }] } },
    });
    // Nothing new the second time: no enrichment to queue.
    expect(sent).toHaveLength(1);
    const runs = await sql<{
      status: string;
      inserted: number;
    }>`SELECT status, inserted FROM index_runs ORDER BY id`.execute(database.db);
    expect(runs.rows).toEqual([
      { status: 'succeeded', inserted: RECORDS.length },
      { status: 'succeeded', inserted: 0 },
    ]);
  });

  it('asks for a start date when a query was never fetched', async () => {
    const client = new LensApiClient({ url: `${lens.url}/patent/search`, token: 't' });
    await expect(
      fetchFromLens({ db: database.db, client, query: 'title:never', summarizer: null }),
    ).rejects.toThrowError(/--since YYYY-MM-DD/);
  });
});
