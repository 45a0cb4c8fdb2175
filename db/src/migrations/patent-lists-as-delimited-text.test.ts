import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BEFORE_0930, insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { expectOnlyMigrationRuns, migrationTestDatabase } from '@patentscout/server/testing/migration-db';
import type { TestDatabase } from '@patentscout/server/testing/test-db';

const MIGRATION = '20261126T0930-patent-lists-as-delimited-text';
const BEFORE = '20261126T0500-search-lists-as-delimited-text';
const LISTS = ['ipc_symbols', 'cpc_symbols', 'inventors', 'applicants', 'owners'];

/** Every patent's five lists as arrays, whichever way they are stored. */
const listsOf = async (database: TestDatabase, stored: 'arrays' | 'text') =>
  (
    await sql<Record<string, string[]>>`
      SELECT lens_id, ${sql.raw(
        LISTS.map((column) => (stored === 'text' ? `list_items(${column}) AS ${column}` : column)).join(', '),
      )}
      FROM patents ORDER BY lens_id`.execute(database.db)
  ).rows;

/** The lists' column types and defaults. */
const columnsOf = async (database: TestDatabase) =>
  (
    await sql<{ type: string; empty: string }>`
      SELECT format_type(a.atttypid, a.atttypmod) AS type, pg_get_expr(d.adbin, d.adrelid) AS empty
      FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = 'patents'::regclass AND a.attname = ANY (${LISTS}::text[])`.execute(database.db)
  ).rows;

/** Every search row whole (both vectors included), as the row function and the build made it. */
const searchRowsOf = async (database: TestDatabase) =>
  (
    await sql<{ row: unknown }>`SELECT to_jsonb(s) AS row FROM patent_search s ORDER BY lens_id`.execute(
      database.db,
    )
  ).rows;

/** A patent with names and symbols an array literal quotes, and empty lists. */
const listedPatent = (index: number) =>
  patentRow({
    ipc_symbols: index % 3 === 0 ? ['H01M10/05', 'H01M4/13', 'Y02E60/10'] : ['A01B1/00'],
    cpc_symbols: index % 2 === 0 ? ['Y02E60/10', 'H01M2220/20'] : [],
    inventors: ['DOE, JANE', `SMITH "JR" {${index}}`, "O'BRIEN  KATE"],
    applicants: index % 4 === 0 ? [] : ['ACME CORP, INC.'],
    owners: index % 5 === 0 ? ['ACME CORP', 'WIDGETS LLC'] : [],
  });

describe(MIGRATION, () => {
  const migrated = migrationTestDatabase(BEFORE);
  let before: Record<string, string[]>[] = [];
  let searchRowsBefore: { row: unknown }[] = [];

  it("keeps every item of the patents' lists in less space, and the search rows they give", async () => {
    await insertPatents(
      migrated.database.db,
      Array.from({ length: 40 }, (_, index) => listedPatent(index)),
      BEFORE_0930,
    );
    before = await listsOf(migrated.database, 'arrays');
    searchRowsBefore = await searchRowsOf(migrated.database);
    expect(before[0]?.inventors).toEqual(['DOE, JANE', 'SMITH "JR" {0}', "O'BRIEN  KATE"]);
    const patentBytes = async () =>
      (
        await sql<{ bytes: number }>`SELECT sum(pg_column_size(p))::int AS bytes FROM patents p`.execute(
          migrated.database.db,
        )
      ).rows[0]!.bytes;
    const bytesBefore = await patentBytes();

    await expectOnlyMigrationRuns(migrated, MIGRATION);

    expect(await columnsOf(migrated.database)).toEqual(
      LISTS.map(() => ({ type: 'text', empty: "''::text" })),
    );
    expect(await listsOf(migrated.database, 'text')).toEqual(before);
    expect(await patentBytes()).toBeLessThan(bytesBefore);

    // Built again from the stored text, every search row (lists, names vector) is the same.
    await sql`DELETE FROM patent_search`.execute(migrated.database.db);
    await sql`INSERT INTO patent_search SELECT (patent_search_row(p)).* FROM patents p`.execute(
      migrated.database.db,
    );
    expect(await searchRowsOf(migrated.database)).toEqual(searchRowsBefore);

    // A patent written afterwards, its lists as text, gets its search row from the row function.
    const later = patentRow({
      inventors: ['ROE RICHARD', 'DOE, JANE'],
      cpc_symbols: ['B65D81/28'],
      owners: [],
    });
    await insertPatents(migrated.database.db, [later]);
    const { rows } = await sql<{ inventors: string[]; cpc: string[]; owners: string[]; names: string }>`
      SELECT list_items(inventors_exact) AS inventors, list_items(cpc_symbols) AS cpc,
             list_items(owners_exact) AS owners, names_vector::text AS names
      FROM patent_search WHERE lens_id = ${later.lens_id}`.execute(migrated.database.db);
    expect(rows).toEqual([
      {
        inventors: ['roe richard', 'doe, jane'],
        cpc: ['B65D81/28'],
        owners: [],
        names: "'acme':5B 'corp':6B 'doe':3A 'jane':4A 'richard':2A 'roe':1A",
      },
    ]);
    await sql`DELETE FROM patents WHERE lens_id = ${later.lens_id}`.execute(migrated.database.db);
  });

  it('goes back to arrays holding the same items and the same search rows, and forward again', async () => {
    const down = await migrated.migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    expect(await columnsOf(migrated.database)).toEqual(
      LISTS.map(() => ({ type: 'text[]', empty: "'{}'::text[]" })),
    );
    expect(await listsOf(migrated.database, 'arrays')).toEqual(before);
    await sql`DELETE FROM patent_search`.execute(migrated.database.db);
    await sql`INSERT INTO patent_search SELECT (patent_search_row(p)).* FROM patents p`.execute(
      migrated.database.db,
    );
    expect(await searchRowsOf(migrated.database)).toEqual(searchRowsBefore);

    const up = await migrated.migrator.migrateTo(MIGRATION);
    expect(up.error).toBeUndefined();
    expect(await listsOf(migrated.database, 'text')).toEqual(before);
  });
});
