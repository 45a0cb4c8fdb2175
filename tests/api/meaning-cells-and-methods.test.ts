import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalEmbeddings,
  type LocalEmbeddings,
} from '@patentscout/server/integrations/local-embeddings';
import { dequantize, nearestCell, openAiEmbedder, readModel } from '@patentscout/db';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { buildMeaning, vectorizeNewPatents } from '@patentscout/indexer/meaning/build-meaning';
import { divideIntoCells } from '@patentscout/indexer/meaning/divide-cells';
import { updateMeaning } from '@patentscout/indexer/meaning/update-meaning';

let database: TestDatabase;
let endpoint: LocalEmbeddings;
const TOPICS = [
  ['UNMANNED AERIAL VEHICLE', 'A multirotor aircraft carries a parcel to a delivery address.'],
  ['PIZZA OVEN', 'An oven bakes pizza on a heated stone deck.'],
  ['BASEBALL BAT', 'A bat glued from layers of maple wood.'],
  ['ANTIVIRAL COMPOUND', 'A small molecule blocks a viral protease.'],
  ['LITHIUM BATTERY', 'A battery cell with a solid electrolyte and a lithium anode.'],
  ['WIND TURBINE BLADE', 'A blade of glass fibre with a serrated trailing edge.'],
];
const patents = TOPICS.flatMap(([title, abstract]) =>
  [1, 2, 3].map((variant) => patentRow({ title: `${title} ${variant}`, abstract })),
);

const vectorRows = async () =>
  (
    await sql<{ lens_id: string; vector: Buffer; cell: number | null }>`
      SELECT lens_id, vector, cell FROM patent_vectors ORDER BY lens_id`.execute(database.db)
  ).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertPatents(database.db, patents);
  endpoint = await startLocalEmbeddings(database.db);
}, 60_000);
afterAll(async () => {
  await endpoint.stop();
  await database.drop();
});

describe('cells of patent vectors (ADR 0165)', () => {
  it('puts every vector in the cell of its nearest centre, and new patents too', async () => {
    await buildMeaning(database.db);
    expect((await readModel(database.db))!.centroids).toBeNull();
    expect(await divideIntoCells(database.db, patents.length, { cells: 3 })).toBe(3);

    const model = (await readModel(database.db))!;
    expect(model.centroids).toHaveLength(300);
    const rows = await vectorRows();
    expect(rows).toHaveLength(patents.length);
    for (const row of rows) expect(row.cell).toBe(nearestCell(model.centroids!, dequantize(row.vector)));
    expect(new Set(rows.map((row) => row.cell)).size).toBeGreaterThan(1);

    const late = patentRow({
      title: 'PIZZA OVEN 4',
      abstract: 'An oven bakes pizza on a heated stone deck.',
    });
    await insertPatents(database.db, [late]);
    expect(await vectorizeNewPatents(database.db)).toBe(1);
    const written = (await vectorRows()).find((row) => row.lens_id === late.lens_id)!;
    expect(written.cell).toBe(nearestCell(model.centroids!, dequantize(written.vector)));
  }, 120_000);

  it('a rebuild of a corpus too small for cells leaves none', async () => {
    await buildMeaning(database.db);
    expect((await readModel(database.db))!.centroids).toBeNull();
    expect((await vectorRows()).every((row) => row.cell === null)).toBe(true);
  }, 120_000);
});

describe('vectors from an OpenAI-compatible embeddings endpoint (ADR 0164)', () => {
  it('embeds every patent through the endpoint, stores the method, and goes back to words when it is unset', async () => {
    const embedder = openAiEmbedder({ baseUrl: endpoint.baseUrl, model: 'stand-in', timeoutMs: 10_000 });
    const asked = endpoint.texts.length;
    expect(await updateMeaning(database.db, { embedder })).toMatchObject({ kind: 'built' });
    expect((await readModel(database.db))!.method).toBe('openai:stand-in');
    const embedded = endpoint.texts.slice(asked);
    expect(embedded).toHaveLength(patents.length + 1);
    expect(embedded).toContain(
      'UNMANNED AERIAL VEHICLE 1. A multirotor aircraft carries a parcel to a delivery address.',
    );

    // Nothing new: the endpoint is not asked again; a new patent is embedded by it.
    expect(await updateMeaning(database.db, { embedder })).toEqual({ kind: 'current' });
    await insertPatents(database.db, [
      patentRow({ title: 'WIND TURBINE BLADE 4', abstract: 'A blade of wood.' }),
    ]);
    expect(await updateMeaning(database.db, { embedder })).toEqual({ kind: 'vectorized', patents: 1 });
    expect(endpoint.texts.at(-1)).toBe('WIND TURBINE BLADE 4. A blade of wood.');

    const before = endpoint.texts.length;
    expect(await updateMeaning(database.db)).toMatchObject({ kind: 'built' });
    expect((await readModel(database.db))!.method).toBe('words');
    expect(endpoint.texts).toHaveLength(before);
  }, 180_000);
});
