import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@patentscout/server/testing/server-probes';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { isServerFailure, RoutedPostgresDialect, type RouteTarget, type Router } from './routed-driver.js';
import type { Database } from './tables.js';

/**
 * The routed driver over real connections: a "replica" pool and a "primary" pool to this file's
 * database (the routing itself, with real standbys, is tests/api/replicas.test.ts's).
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

function target(label: string, url: string, isPrimary: boolean): RouteTarget {
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: `routed-test-${label}` });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { label, isPrimary, pool };
}

/** Replica first, then the primary; records what the driver reports. The Kysely's destroy ends both pools. */
function routed(replicaUrl: string) {
  const replica = target('replica', replicaUrl, false);
  const primary = target('primary', database.url, true);
  const events: string[] = [];
  const router: Router = {
    pick: (tried) => [replica, primary].find((candidate) => !tried.has(candidate.label)),
    failed: (failed, error) => events.push(`failed ${failed.label} ${(error as { code?: string }).code}`),
    served: (served, retried) => events.push(`${retried ? 'moved to' : 'served by'} ${served.label}`),
  };
  const db = new Kysely<Database>({ dialect: new RoutedPostgresDialect(router, [primary, replica]) });
  return { db, events };
}

describe('the routed driver', () => {
  it('reads on the replica while it answers', async () => {
    const { db, events } = routed(database.url);
    const { rows } = await sql<{ name: string }>`SELECT current_setting('application_name') AS name`.execute(
      db,
    );
    expect(rows[0]!.name).toBe('routed-test-replica');
    expect(events).toEqual(['served by replica']);
    await db.destroy();
  });

  it('moves a read to the primary when the replica refuses connections', async () => {
    const { db, events } = routed(`postgres://postgres:patentscout@127.0.0.1:${await freePort()}/none`);
    const { rows } = await sql<{ name: string }>`SELECT current_setting('application_name') AS name`.execute(
      db,
    );
    expect(rows[0]!.name).toBe('routed-test-primary');
    expect(events).toEqual(['failed replica ECONNREFUSED', 'moved to primary']);
    await db.destroy();
  });

  it("replays a read transaction's statements on the primary when the replica's session ends under it", async () => {
    const { db, events } = routed(database.url);
    const answer = await db.transaction().execute(async (transaction) => {
      await sql`SET LOCAL statement_timeout = '4321ms'`.execute(transaction);
      const before = await sql<{ name: string }>`SELECT current_setting('application_name') AS name`.execute(
        transaction,
      );
      expect(before.rows[0]!.name).toBe('routed-test-replica');
      // As a replica's fast shutdown does: its sessions are ended (57P01).
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'routed-test-replica'`.execute(
        database.db,
      );
      return sql<{ name: string; timeout: string }>`
        SELECT current_setting('application_name') AS name, current_setting('statement_timeout') AS timeout`.execute(
        transaction,
      );
    });
    expect(answer.rows[0]).toEqual({ name: 'routed-test-primary', timeout: '4321ms' });
    // 57P01 when the termination is read first, a lost connection otherwise.
    expect(events).toEqual([
      'served by replica',
      expect.stringMatching(/^failed replica /),
      'moved to primary',
    ]);
    await db.destroy();
  });

  it("leaves a read's own errors and the primary's failures to the caller", async () => {
    const { db, events } = routed(database.url);
    await expect(sql`SELECT * FROM no_such_table`.execute(db)).rejects.toThrow(/no_such_table/);
    expect(events).toEqual(['served by replica']);
    await db.destroy();
  });
});

describe('isServerFailure', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('tells a server that went from a read that failed', () => {
    expect(isServerFailure(coded('57P01'))).toBe(true); // admin shutdown
    expect(isServerFailure(coded('40001'))).toBe(true); // cancelled by recovery on a standby
    expect(isServerFailure(coded('08006'))).toBe(true);
    expect(isServerFailure(coded('ECONNREFUSED'))).toBe(true);
    expect(isServerFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isServerFailure(coded('42P01'))).toBe(false); // no such table
    expect(isServerFailure(coded('57014'))).toBe(false); // the read's own statement timeout
    expect(isServerFailure('not an error')).toBe(false);
  });
});
