import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AI_LISTS_BEFORE_0500, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { expectOnlyMigrationRuns, migrationTestDatabase } from '@patentscout/server/testing/migration-db';

const MIGRATION = '20261126T0400-patents-without-the-provider-record';
const BEFORE = '20261126T0300-plans-and-billing-records';

/** A patent row as the indexer wrote it before the migration: the provider's record kept whole. */
function withRecord(titles: Array<{ text: string; lang?: string }>) {
  const { title_lang: _dropped, ...row } = patentRow({
    ...AI_LISTS_BEFORE_0500,
    title: titles[0]?.text ?? '',
  });
  return {
    ...row,
    record: { biblio: { invention_title: titles }, abstract: [{ text: 'x'.repeat(4000) }] },
  };
}

describe(MIGRATION, () => {
  const migrated = migrationTestDatabase(BEFORE);

  it('keeps the shown title language of patents already stored, and no byte of their record', async () => {
    const rows = [
      withRecord([
        { text: 'TITRE', lang: 'fr' },
        { text: 'TITLE', lang: 'EN' },
      ]),
      withRecord([{ text: 'TITEL', lang: 'de' }]),
      withRecord([{ text: 'UNTAGGED' }]),
      withRecord([]),
    ];
    // Kysely's types know the table after the migration: the rows go in as the old code wrote them.
    const oldColumns = sql.join(Object.keys(rows[0]!).map((column) => sql.id(column)));
    await sql`INSERT INTO patents (${oldColumns})
      SELECT ${oldColumns} FROM json_populate_recordset(NULL::patents, ${JSON.stringify(rows)})`.execute(
      migrated.database.db,
    );
    const before = await sql<{ bytes: number }>`SELECT pg_table_size('patents')::int AS bytes`.execute(
      migrated.database.db,
    );

    await expectOnlyMigrationRuns(migrated, MIGRATION);

    const stored = await migrated.database.db
      .selectFrom('patents')
      .select(['lens_id', 'title_lang'])
      .where(
        'lens_id',
        'in',
        rows.map((row) => row.lens_id),
      )
      .execute();
    expect(new Map(stored.map((row) => [row.lens_id, row.title_lang]))).toEqual(
      new Map([
        [rows[0]!.lens_id, 'EN'],
        [rows[1]!.lens_id, 'de'],
        [rows[2]!.lens_id, null],
        [rows[3]!.lens_id, null],
      ]),
    );
    // The table was rewritten: the records' 4,000-byte abstracts are gone from it and its TOAST.
    const after = await sql<{ bytes: number }>`SELECT pg_table_size('patents')::int AS bytes`.execute(
      migrated.database.db,
    );
    expect(after.rows[0]!.bytes).toBeLessThan(before.rows[0]!.bytes);
    const columns = await sql<{ name: string }>`
      SELECT attname AS name FROM pg_attribute WHERE attrelid = 'patents'::regclass AND attnum > 0 AND NOT attisdropped`.execute(
      migrated.database.db,
    );
    expect(columns.rows.map((column) => column.name)).not.toContain('record');
  });
});
