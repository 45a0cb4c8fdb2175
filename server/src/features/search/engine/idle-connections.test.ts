import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalCommitDb, type Db, createReadRouting, type ReadRouting } from '@patentscout/db';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { createSearchDb } from './row-order.js';

/**
 * The server's pools keep their idle connections (ADR 0135): a search after a quiet spell runs on
 * a backend that has already mapped its pages, not on a new one. node-postgres would close a
 * connection idle for 10 s.
 */
const PAST_THE_DEFAULT_IDLE_TIMEOUT_MS = 11_000;

let database: TestDatabase;
let routing: ReadRouting;
let searchDb: Db;
let localCommitDb: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  routing = await createReadRouting({ primaryUrl: database.url, replicaUrls: [], maxLagSeconds: 30 });
  searchDb = createSearchDb(database.url, { maxConnections: 2, statementTimeoutMs: 3_000 });
  localCommitDb = createLocalCommitDb(database.url, 2);
});
afterAll(async () => {
  await searchDb?.destroy();
  await localCommitDb?.destroy();
  await routing?.close();
  await database?.drop();
});

const backendOf = async (db: Db) =>
  (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]!.pid;

describe("idle connections of the server's pools", () => {
  it('are kept past a quiet spell: the next statement runs on the same backend', async () => {
    const pools = {
      'the search engine’s own pool': searchDb,
      'a routed pool (the search engine’s when routed)': routing.pool({ name: 'search', maxConnections: 2 }),
      'the routed reads': routing.db,
      'the pool for writes a failover may lose': localCommitDb,
    };
    const before = await Promise.all(Object.values(pools).map(backendOf));
    await new Promise((resolve) => setTimeout(resolve, PAST_THE_DEFAULT_IDLE_TIMEOUT_MS));
    const after = await Promise.all(Object.values(pools).map(backendOf));
    expect(Object.fromEntries(Object.keys(pools).map((name, index) => [name, after[index]]))).toEqual(
      Object.fromEntries(Object.keys(pools).map((name, index) => [name, before[index]])),
    );
  }, 30_000);
});
