import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import {
  DISTRIBUTED_TABLES,
  distributionStatements,
  LOCAL_TABLES,
  REFERENCE_TABLES,
  REPLACED_ON_DISTRIBUTION,
} from './distribution.js';

/**
 * The migrated schema against Citus' rules for the layout in distribution.ts (no Citus runs here):
 * a migration that adds a table, or a key a sharded Postgres could not keep, fails this.
 */
let database: TestDatabase;
const distributed = DISTRIBUTED_TABLES as Record<string, string>;
const placeOf = (table: string) =>
  table in distributed
    ? 'distributed'
    : (REFERENCE_TABLES as readonly string[]).includes(table)
      ? 'reference'
      : (LOCAL_TABLES as readonly string[]).includes(table)
        ? 'local'
        : 'unplaced';

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('the distributable layout', () => {
  it('places every table of the schema exactly once', async () => {
    const { rows } = await sql<{ table: string }>`
      SELECT tablename AS table FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(database.db);
    const placed = [...Object.keys(DISTRIBUTED_TABLES), ...REFERENCE_TABLES, ...LOCAL_TABLES];
    expect(new Set(placed).size).toBe(placed.length);
    expect(rows.map((row) => row.table).sort()).toEqual([...placed].sort());
  });

  it('keeps the distribution column in every unique key of a distributed table, but those it replaces', async () => {
    const { rows } = await sql<{ table: string; index: string; columns: string[] }>`
      SELECT t.relname AS table, i.relname AS index,
             array_agg(a.attname::text ORDER BY a.attname) FILTER (WHERE a.attname IS NOT NULL) AS columns
      FROM pg_index x
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (x.indkey)
      WHERE x.indisunique AND t.relname = ANY (${Object.keys(DISTRIBUTED_TABLES)})
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(database.db);
    expect(rows.length).toBeGreaterThanOrEqual(Object.keys(DISTRIBUTED_TABLES).length);
    const breaking = rows.filter((row) => !(row.columns ?? []).includes(distributed[row.table]!));
    expect(breaking.map((row) => row.index).sort()).toEqual(Object.keys(REPLACED_ON_DISTRIBUTION).sort());
  });

  it('has foreign keys only where Citus keeps them: co-located on the distribution column, or to reference and local tables from local ones', async () => {
    const { rows } = await sql<{ child: string; parent: string; from: string[]; to: string[] }>`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
             array(SELECT attname::text FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = ANY (c.conkey)) AS from,
             array(SELECT attname::text FROM pg_attribute WHERE attrelid = c.confrelid AND attnum = ANY (c.confkey)) AS to
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
      WHERE c.contype = 'f' ORDER BY 1, 2`.execute(database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const key of rows) {
      const [child, parent] = [placeOf(key.child), placeOf(key.parent)];
      const allowed =
        (child === 'distributed' &&
          parent === 'distributed' &&
          key.from.join() === distributed[key.child] &&
          key.to.join() === distributed[key.parent]) ||
        (child === 'distributed' && parent === 'reference') ||
        (child === 'reference' && parent === 'reference') ||
        (child === 'local' && parent !== 'distributed');
      expect(allowed, `${key.child}(${key.from}) -> ${key.parent}(${key.to})`).toBe(true);
    }
  });

  it('distributes every distributed and reference table, co-located, and replaces what it drops', () => {
    const statements = distributionStatements().join('\n');
    const [anchor, ...others] = Object.entries(DISTRIBUTED_TABLES);
    expect(statements).toContain(`create_distributed_table('${anchor![0]}', '${anchor![1]}'`);
    for (const [table, column] of others)
      expect(statements).toContain(
        `create_distributed_table('${table}', '${column}', colocate_with => '${anchor![0]}')`,
      );
    for (const table of REFERENCE_TABLES) expect(statements).toContain(`create_reference_table('${table}')`);
    for (const constraint of Object.keys(REPLACED_ON_DISTRIBUTION))
      expect(statements).toContain(`DROP CONSTRAINT ${constraint};`);
  });
});
