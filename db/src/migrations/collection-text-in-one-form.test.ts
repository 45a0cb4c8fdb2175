import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTestDatabase } from '@patentscout/server/testing/migration-db';

const MIGRATION = '20261129T1200-collection-text-in-one-form';
const BEFORE = '20261129T0800-word-senses';
const DECOMPOSED = 'e\u0301cole';
const PRECOMPOSED = '\u00e9cole';

describe(MIGRATION, () => {
  const migrated = migrationTestDatabase('latest');

  const collection = async (owner: string, name: string) =>
    (
      await sql<{ id: string }>`
        INSERT INTO collections (owner_uid, name) VALUES (${owner}, ${name}) RETURNING id`.execute(
        migrated.database.db,
      )
    ).rows[0]!.id;
  const nameOf = async (id: string) =>
    (await sql<{ name: string }>`SELECT name FROM collections WHERE id = ${id}`.execute(migrated.database.db))
      .rows[0]!.name;

  it('writes names and tags in NFC, a name that meets its twin taking the first free number', async () => {
    expect((await migrated.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`
      INSERT INTO users (uid, email, name) VALUES ('owner-a', 'a@example.com', 'A'), ('owner-b', 'b@example.com', 'B')`.execute(
      migrated.database.db,
    );
    const first = await collection('owner-a', PRECOMPOSED);
    await collection('owner-a', `${PRECOMPOSED} (2)`);
    const twin = await collection('owner-a', DECOMPOSED);
    const alone = await collection('owner-b', `Caf${'e\u0301'}`);
    const plain = await collection('owner-b', 'Plain ASCII');
    await sql`
      INSERT INTO collection_members (collection_id, lens_id, doc_key, patent_title, tags)
      VALUES (${first}, 'L1', 'K1', 'T1', ${[DECOMPOSED, PRECOMPOSED, 'Urgent']}),
             (${plain}, 'L2', 'K2', 'T2', ${['urgent', 'later']})`.execute(migrated.database.db);

    expect((await migrated.migrator.migrateTo(MIGRATION)).error).toBeUndefined();

    expect(await nameOf(first)).toBe(PRECOMPOSED);
    // Its NFC form is taken twice over, by "école" and "école (2)": the first free number.
    expect(await nameOf(twin)).toBe(`${PRECOMPOSED} (3)`);
    expect(await nameOf(alone)).toBe('Caf\u00e9');
    expect(await nameOf(plain)).toBe('Plain ASCII');
    const { rows } = await sql<{ lens_id: string; tags: string[] }>`
      SELECT lens_id, tags FROM collection_members ORDER BY lens_id`.execute(migrated.database.db);
    expect(rows).toEqual([
      { lens_id: 'L1', tags: [PRECOMPOSED, 'Urgent'] },
      { lens_id: 'L2', tags: ['urgent', 'later'] },
    ]);
  });
});
