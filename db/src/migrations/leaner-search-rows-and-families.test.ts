import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  AI_LISTS_BEFORE_0500,
  BEFORE_0930,
  insertPatents,
  patentRow,
} from '@patentscout/server/testing/patent-fixtures';
import {
  expectOnlyMigrationRuns,
  migrationTestDatabase,
  tableBytes,
} from '@patentscout/server/testing/migration-db';
import type { TestDatabase } from '@patentscout/server/testing/test-db';

const MIGRATION = '20261126T0410-leaner-search-rows-and-families';
const BEFORE = '20261126T0400-patents-without-the-provider-record';

/** Family members as the indexer wrote them before the migration: objects with their keys. */
const SPELT_OUT = [
  {
    lens_id: '111-222-333-444-555',
    document_id: { jurisdiction: 'EP', doc_number: '3123456', kind: 'A1', date: '2018-02-01' },
  },
  { document_id: { jurisdiction: 'WO', doc_number: '2017001', kind: 'A2', date: '2017-07-01' } },
];

const columnsOf = async (database: TestDatabase, table: string) =>
  (
    await sql<{ name: string }>`
      SELECT attname AS name FROM pg_attribute
      WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped`.execute(database.db)
  ).rows.map((column) => column.name);

describe(MIGRATION, () => {
  const migrated = migrationTestDatabase(BEFORE);

  it('keeps every family member of patents already stored, in compact form, and finds classes without stored prefixes', async () => {
    const battery = patentRow({
      ...AI_LISTS_BEFORE_0500,
      title: 'BATTERY',
      ipc_symbols: ['H01M10/05'],
      cpc_symbols: ['Y02E60/10'],
      family_members: JSON.stringify(SPELT_OUT),
    });
    await insertPatents(
      migrated.database.db,
      [battery, patentRow({ ...AI_LISTS_BEFORE_0500, ipc_symbols: ['A01B1/00'] })],
      BEFORE_0930,
    );
    const before = await tableBytes(migrated.database, 'patents');

    await expectOnlyMigrationRuns(migrated, MIGRATION);

    const stored = await migrated.database.db
      .selectFrom('patents')
      .select('family_members')
      .where('lens_id', '=', battery.lens_id)
      .executeTakeFirstOrThrow();
    expect(stored.family_members).toEqual([
      ['111-222-333-444-555', 'EP', '3123456', 'A1', '2018-02-01'],
      [null, 'WO', '2017001', 'A2', '2017-07-01'],
    ]);
    expect(await tableBytes(migrated.database, 'patents')).toBeLessThanOrEqual(before);

    for (const table of ['patent_search', 'patent_search_sample', 'patent_search_subsample']) {
      expect(await columnsOf(migrated.database, table)).not.toContain('ipc_prefixes');
      expect(await columnsOf(migrated.database, table)).not.toContain('cpc_prefixes');
    }
    // The search rows of patents written after the migration have the row function's shape.
    const later = patentRow({ ...AI_LISTS_BEFORE_0500, ipc_symbols: ['H01M4/00'] });
    await insertPatents(migrated.database.db, [later], BEFORE_0930);
    const byClass = async (prefix: string, scheme = 'ipc') =>
      (
        await sql<{ lens_id: string }>`
          SELECT lens_id FROM patent_search
          WHERE classification_prefixes(${sql.ref(`${scheme}_symbols`)}) @> ARRAY[${prefix}]::text[]
          ORDER BY lens_id`.execute(migrated.database.db)
      ).rows.map((row) => row.lens_id);
    expect(await byClass('H01M')).toEqual([battery.lens_id, later.lens_id].sort());
    expect(await byClass('H01M10/05')).toEqual([battery.lens_id]);
    expect(await byClass('Y02E', 'cpc')).toEqual([battery.lens_id]);
  });

  it('goes back to stored prefixes and spelt-out members, and forward again', async () => {
    const down = await migrated.migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    expect(await columnsOf(migrated.database, 'patent_search')).toContain('ipc_prefixes');
    const prefixes = await sql<{ ipc_prefixes: string[] }>`
      SELECT ipc_prefixes FROM patent_search WHERE 'H01M10/05' = ANY (ipc_symbols)`.execute(
      migrated.database.db,
    );
    expect(prefixes.rows[0]!.ipc_prefixes).toEqual(
      expect.arrayContaining(['H', 'H01', 'H01M', 'H01M10', 'H01M10/05']),
    );
    const members = await sql<{ family_members: unknown }>`
      SELECT family_members FROM patents WHERE jsonb_array_length(family_members) = 2`.execute(
      migrated.database.db,
    );
    expect(members.rows[0]!.family_members).toEqual(SPELT_OUT);

    const up = await migrated.migrator.migrateTo(MIGRATION);
    expect(up.error).toBeUndefined();
  });
});
