import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../shared/logger.js';
import { TEST_PORT_OFFSET } from '../testing/constants.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';

/**
 * The embedded server reads back after a start the pages it held before (autoprewarm, ADR 0133):
 * a table read before a clean stop is in shared_buffers again without a statement touching it.
 */
const PORT = 54661 + TEST_PORT_OFFSET;
let root: string;
let running: EmbeddedDatabase | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'embedded-prewarm-'));
  await chmod(root, 0o755); // the postgres user must reach its data folder
});
afterAll(async () => {
  await running?.stop();
  await rm(root, { recursive: true, force: true });
});

const start = async () =>
  (running = await startEmbeddedPostgres({
    dataDir: path.join(root, 'pg'),
    port: PORT,
    database: 'prewarm',
    logger: createLogger('warn'),
  }));

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Pages of the table `kept` in shared_buffers, and the table's size in pages. */
const keptPages = (client: pg.Client) =>
  client
    .query<{ buffered: number; pages: number }>(
      `SELECT (SELECT count(*)::int FROM pg_buffercache
                WHERE relfilenode = pg_relation_filenode('kept')
                  AND reldatabase = (SELECT oid FROM pg_database WHERE datname = current_database())) AS buffered,
              (pg_relation_size('kept') / current_setting('block_size')::int)::int AS pages`,
    )
    .then((result) => result.rows[0]!);

it('reads back after a restart the pages shared_buffers held before it', { timeout: 120_000 }, async () => {
  const first = await start();
  const before = await withClient(first.url, async (client) => {
    expect((await client.query('SHOW shared_preload_libraries')).rows[0]).toEqual({
      shared_preload_libraries: 'pg_prewarm',
    });
    await client.query('CREATE EXTENSION pg_buffercache');
    await client.query(
      `CREATE TABLE kept AS SELECT g AS id, repeat('x', 200) AS body FROM generate_series(1, 20000) g`,
    );
    await client.query('SELECT count(*) FROM kept');
    return keptPages(client);
  });
  expect(before.pages).toBeGreaterThan(500);
  expect(before.buffered).toBe(before.pages);
  await first.stop();
  running = undefined;
  // The list of pages is written at shutdown.
  expect(existsSync(path.join(root, 'pg', 'autoprewarm.blocks'))).toBe(true);

  const second = await start();
  // The pages come back in the background, right after the start.
  let after = { buffered: 0, pages: before.pages };
  for (let tries = 0; tries < 60 && after.buffered < before.pages; tries += 1) {
    after = await withClient(second.url, keptPages);
    if (after.buffered < before.pages) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(after).toEqual({ buffered: before.pages, pages: before.pages });
});
