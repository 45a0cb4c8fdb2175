import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadObservation } from './observations.js';
import { freePort } from '@patentscout/server/testing/server-probes';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { createReadRouting, serverLabel } from './read-routing.js';

/**
 * The routing's choices without a standby (tests/api/replicas.test.ts runs a real one): reads go
 * to the primary, a replica that is down or is no standby is skipped, and reads never write.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('read routing', () => {
  it('reads from the primary when no replica is configured, and never writes', async () => {
    const observed: ReadObservation[] = [];
    const routing = await createReadRouting({
      primaryUrl: database.url,
      replicaUrls: [],
      maxLagSeconds: 10,
      observe: (observation) => observed.push(observation),
    });
    try {
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(routing.db);
      expect(rows).toEqual([{ one: 1 }]);
      expect(observed).toEqual([{ pool: 'reads', target: 'primary', retried: false }]);
      await expect(sql`CREATE TABLE written_by_mistake (id int)`.execute(routing.db)).rejects.toThrow(
        /read-only transaction/,
      );
      expect(routing.replicas()).toEqual([]);
    } finally {
      await routing.close();
    }
  });

  it('skips a replica that does not answer and one that is not a standby, and says why', async () => {
    const down = `postgres://postgres:patentscout@127.0.0.1:${await freePort()}/patentscout`;
    const observed: ReadObservation[] = [];
    const routing = await createReadRouting({
      primaryUrl: database.url,
      replicaUrls: [down, database.url],
      maxLagSeconds: 10,
      observe: (observation) => observed.push(observation),
    });
    try {
      const states = routing.replicas();
      expect(states.map((state) => [state.label, state.up, state.serving])).toEqual([
        [serverLabel(down), false, false],
        [serverLabel(database.url), false, false],
      ]);
      expect(states[0]!.detail).toMatch(/ECONNREFUSED/);
      expect(states[1]!.detail).toBe('not a hot standby (it accepts writes)');
      const search = routing.pool({ name: 'search', maxConnections: 2 });
      await sql`SELECT 1`.execute(search);
      expect(observed).toEqual([{ pool: 'search', target: 'primary', retried: false }]);
    } finally {
      await routing.close();
    }
  });

  it('names a server by host, port and database, never by its credentials', () => {
    expect(serverLabel('postgres://app:secret@db-replica-2.internal:6432/patentscout?sslmode=require')).toBe(
      'db-replica-2.internal:6432/patentscout',
    );
    expect(serverLabel('postgresql://app:secret@replica/patentscout')).toBe('replica:5432/patentscout');
  });
});
