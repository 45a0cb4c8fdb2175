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

const MIGRATION = '20261126T0500-search-lists-as-delimited-text';
const BEFORE = '20261126T0410-leaner-search-rows-and-families';
const SEARCH_TABLES = ['patent_search', 'patent_search_sample', 'patent_search_subsample'];
const LISTS = ['ipc_symbols', 'cpc_symbols', 'inventors_exact', 'applicants_exact', 'owners_exact'];

interface Lists {
  lens_id: string;
  ipc_symbols: string[];
  cpc_symbols: string[];
  inventors_exact: string[];
  applicants_exact: string[];
  owners_exact: string[];
}

/** Every search row's five lists as arrays, whichever way they are stored. */
const listsOf = async (database: TestDatabase, table: string, stored: 'arrays' | 'text') =>
  (
    await sql<Lists>`
      SELECT lens_id, ${sql.raw(
        LISTS.map((column) => (stored === 'text' ? `list_items(${column}) AS ${column}` : column)).join(', '),
      )}
      FROM ${sql.table(table)} ORDER BY lens_id`.execute(database.db)
  ).rows;

const typesOf = async (database: TestDatabase, table: string, columns = LISTS) =>
  (
    await sql<{ type: string }>`
      SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = ${table}::regclass AND attname = ANY (${columns}::text[])`.execute(database.db)
  ).rows.map((column) => column.type);

const AI_LISTS = ['ai_types', 'ai_uses'];

interface AiLists {
  lens_id: string;
  ai_types: string[] | null;
  ai_uses: string[] | null;
}

/** Every patent's AI types and uses as arrays, whichever way they are stored. */
const aiListsOf = async (database: TestDatabase, stored: 'arrays' | 'text') =>
  (
    await sql<AiLists>`
      SELECT lens_id, ${sql.raw(
        stored === 'text'
          ? 'list_items(ai_types) AS ai_types, list_items(ai_uses) AS ai_uses'
          : 'ai_types, ai_uses',
      )}
      FROM patents ORDER BY lens_id`.execute(database.db)
  ).rows;

/** The plan of a search by the engine's expressions with sequential scans off: which index it reads. */
const planOf = async (database: TestDatabase, condition: string) =>
  database.db.transaction().execute(async (transaction) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(transaction);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT lens_id FROM patent_search WHERE ${sql.raw(condition)}`.execute(transaction);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });

describe(MIGRATION, () => {
  const migrated = migrationTestDatabase(BEFORE);
  const before: Record<string, Lists[]> = {};
  const aiBefore: AiLists[] = [];

  it('keeps every item of the search rows and AI lists already stored, in less space, and the indexes answer', async () => {
    // Enough patents for the samples (a family in 20, in 100) to hold some; names with the
    // characters an array literal quotes, empty lists, many symbols.
    const rows = Array.from({ length: 120 }, (_, index) =>
      patentRow({
        ...AI_LISTS_BEFORE_0500,
        ipc_symbols: index % 3 === 0 ? ['H01M10/05', 'H01M4/13', 'Y02E60/10'] : ['A01B1/00'],
        cpc_symbols: index % 2 === 0 ? ['Y02E60/10', 'H01M2220/20'] : [],
        inventors: ['DOE, JANE', `SMITH "JR" {${index}}`, "O'BRIEN  KATE"],
        applicants: index % 4 === 0 ? [] : ['ACME CORP, INC.'],
        owners: index % 5 === 0 ? ['ACME CORP', 'WIDGETS LLC'] : [],
      }),
    );
    // AI types and uses written as the indexer wrote them before: arrays, empty, or none at all.
    const aiRows = [
      ['{Invention,"Method, process"}', '{"Cooling a chip","Storing heat {at night}"}'],
      ['{}', '{"Doing things"}'],
      [null, null],
    ].map(([types, uses]) => ({ ...patentRow(), ai_types: types, ai_uses: uses }));
    await insertPatents(migrated.database.db, [...rows, ...aiRows], BEFORE_0930);
    for (const table of SEARCH_TABLES) before[table] = await listsOf(migrated.database, table, 'arrays');
    aiBefore.push(...(await aiListsOf(migrated.database, 'arrays')));
    expect(aiBefore.find((row) => row.lens_id === aiRows[0]!.lens_id)?.ai_types).toEqual([
      'Invention',
      'Method, process',
    ]);
    expect(before.patent_search_sample!.length).toBeGreaterThan(0);
    const bytesBefore = await tableBytes(migrated.database, 'patent_search');

    await expectOnlyMigrationRuns(migrated, MIGRATION);

    for (const table of SEARCH_TABLES) {
      expect(await typesOf(migrated.database, table)).toEqual(LISTS.map(() => 'text'));
      expect(await listsOf(migrated.database, table, 'text')).toEqual(before[table]);
    }
    expect(await tableBytes(migrated.database, 'patent_search')).toBeLessThan(bytesBefore);
    expect(await typesOf(migrated.database, 'patents', AI_LISTS)).toEqual(['text', 'text']);
    expect(await aiListsOf(migrated.database, 'text')).toEqual(aiBefore);
    expect(await planOf(migrated.database, `list_items(inventors_exact) @> ARRAY['doe, jane']`)).toContain(
      'patent_search_inventors_idx',
    );
    expect(
      await planOf(migrated.database, `classification_prefixes(list_items(ipc_symbols)) && ARRAY['H01M']`),
    ).toContain('patent_search_ipc_idx');

    // A patent written after the migration gets its search row (and its lists) from the row function.
    const later = patentRow({
      inventors: ['ROE RICHARD', 'DOE, JANE'],
      cpc_symbols: ['B65D81/28'],
      owners: [],
    });
    await insertPatents(migrated.database.db, [later], BEFORE_0930);
    const [stored] = (await listsOf(migrated.database, 'patent_search', 'text')).filter(
      (row) => row.lens_id === later.lens_id,
    );
    expect(stored).toEqual({
      lens_id: later.lens_id,
      ipc_symbols: ['A01B1/00'],
      cpc_symbols: ['B65D81/28'],
      inventors_exact: ['roe richard', 'doe, jane'],
      applicants_exact: ['acme corp'],
      owners_exact: [],
    });
    // The samples' trigger copies the new rows' lists as they are.
    const laterRows = Array.from({ length: 60 }, (_, index) =>
      patentRow({
        inventors: [`ROE ${index}`, 'DOE, JANE'],
        ipc_symbols: ['H01M4/13', 'B65D81/28'],
      }),
    );
    await insertPatents(migrated.database.db, laterRows, BEFORE_0930);
    const searchRows = new Map(
      (await listsOf(migrated.database, 'patent_search', 'text')).map((row) => [row.lens_id, row]),
    );
    const sampled = await listsOf(migrated.database, 'patent_search_sample', 'text');
    expect(
      sampled.filter((row) => laterRows.some((later) => later.lens_id === row.lens_id)).length,
    ).toBeGreaterThan(0);
    for (const row of sampled) expect(row).toEqual(searchRows.get(row.lens_id));

    const added = [later, ...laterRows].map((row) => row.lens_id);
    await sql`DELETE FROM patents WHERE lens_id = ANY (${added}::text[])`.execute(migrated.database.db);
  });

  it('goes back to arrays holding the same items, and forward again', async () => {
    const down = await migrated.migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    for (const table of SEARCH_TABLES) {
      expect(await typesOf(migrated.database, table)).toEqual(LISTS.map(() => 'text[]'));
      expect(await listsOf(migrated.database, table, 'arrays')).toEqual(before[table]);
    }
    expect(await typesOf(migrated.database, 'patents', AI_LISTS)).toEqual(['text[]', 'text[]']);
    expect(await aiListsOf(migrated.database, 'arrays')).toEqual(aiBefore);
    expect(await planOf(migrated.database, `inventors_exact @> ARRAY['doe, jane']`)).toContain(
      'patent_search_inventors_idx',
    );

    const up = await migrated.migrator.migrateTo(MIGRATION);
    expect(up.error).toBeUndefined();
    expect(await listsOf(migrated.database, 'patent_search', 'text')).toEqual(before.patent_search);
    expect(await aiListsOf(migrated.database, 'text')).toEqual(aiBefore);
  });
});
