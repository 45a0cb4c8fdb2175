import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { buildMeaning } from './build-meaning.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const TOPICS = [
  ['UNMANNED AERIAL VEHICLE FOR PARCEL DELIVERY', 'A drone carries a parcel to a delivery address.'],
  ['PIZZA OVEN WITH A STONE DECK', 'An oven bakes pizza on a heated stone.'],
  ['BASEBALL BAT OF LAMINATED WOOD', 'A bat glued from layers of maple.'],
  ['ANTIVIRAL PROTEASE INHIBITOR', 'A compound that blocks a viral protease.'],
  ['NEURAL NETWORK ACCELERATOR CHIP', 'A processor for deep learning inference.'],
  ['SOLAR PANEL CLEANING ROBOT', 'A robot cleans solar panels on a roof.'],
] as const;
const patents = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => {
    const [title, abstract] = TOPICS[(from + index) % TOPICS.length]!;
    return patentRow({ title: `${title} ${from + index}`, abstract });
  });

describe('the meaning build', () => {
  it('gives every patent its vector when patents arrive between its two readings of the corpus', async () => {
    await insertPatents(database.db, patents(6));
    let arrived: Promise<void> | undefined;
    const built = await buildMeaning(database.db, (progress) => {
      // Between the readings: the package's word vectors are being read (seconds), an import writes.
      if (progress.phase === 'reading word vectors') arrived ??= insertPatents(database.db, patents(5, 6));
    });
    await arrived;
    expect(built.patents).toBe(11);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM patent_vectors`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBe(11);
  }, 120_000);
});
