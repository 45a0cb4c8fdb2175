import { sql } from 'kysely';
import { type Db, floatsToBytes, type MeaningModel, type WordSenses } from '@patentscout/db';

const BATCH = 2_000;

/** A patent's vector to write, and its cell (ADR 0165; absent: no cells, read by every search). */
export interface PatentVectorRow {
  lensId: string;
  vector: Buffer;
  cell?: number | null;
}

/** Writes (or rewrites) patents' vectors; each write takes a new `seq`, so servers read it next. */
export async function writePatentVectors(db: Db, rows: PatentVectorRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await sql`
      INSERT INTO patent_vectors (lens_id, vector, cell)
      SELECT v.lens_id, v.vector, v.cell
      FROM unnest(${batch.map((row) => row.lensId)}::text[], ${batch.map((row) => row.vector)}::bytea[], ${batch.map((row) => row.cell ?? null)}::smallint[]) AS v(lens_id, vector, cell)
      JOIN patents p ON p.lens_id = v.lens_id
      ON CONFLICT (lens_id) DO UPDATE SET vector = excluded.vector, cell = excluded.cell, seq = nextval('patent_vectors_seq')`.execute(
      db,
    );
  }
}

/** Patents' vectors in id order, `limit` after `after`. */
export async function readPatentVectors(
  db: Db,
  options: { after: string; limit: number },
): Promise<{ lensId: string; vector: Buffer }[]> {
  const { rows } = await sql<{ lens_id: string; vector: Buffer }>`
    SELECT lens_id, vector FROM patent_vectors WHERE lens_id > ${options.after} ORDER BY lens_id LIMIT ${options.limit}`.execute(
    db,
  );
  return rows.map((row) => ({ lensId: row.lens_id, vector: row.vector }));
}

/** `size` patents' vectors spread over the corpus (by a hash of the id, not its order). */
export async function readVectorSample(db: Db, size: number): Promise<Buffer[]> {
  const { rows } = await sql<{ vector: Buffer }>`
    SELECT vector FROM patent_vectors ORDER BY hashtext(lens_id) LIMIT ${size}`.execute(db);
  return rows.map((row) => row.vector);
}

/** The cells' centres (null: none); a new build time makes every server read the vectors again. */
export async function writeCentroids(db: Db, centroids: Float32Array | null): Promise<void> {
  await sql`
    UPDATE meaning_model SET centroids = ${centroids ? floatsToBytes(centroids) : null}, built_at = clock_timestamp()
    WHERE id = 1`.execute(db);
}

/** Replaces the vocabulary and the model in one transaction: servers see the old or the new. */
export async function replaceWordsAndModel(
  db: Db,
  words: { word: string; vector: Buffer; idf: number | null }[],
  model: MeaningModel & { patents: number; method: string; centroids: Float32Array | null },
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await sql`DELETE FROM meaning_words`.execute(transaction);
    for (let start = 0; start < words.length; start += BATCH * 5) {
      const batch = words.slice(start, start + BATCH * 5);
      await sql`
        INSERT INTO meaning_words (word, vector, idf)
        SELECT * FROM unnest(${batch.map((row) => row.word)}::text[], ${batch.map((row) => row.vector)}::bytea[], ${batch.map((row) => row.idf)}::real[])`.execute(
        transaction,
      );
    }
    await sql`
      INSERT INTO meaning_model (id, mean, transform, patents, method, centroids, built_at)
      VALUES (1, ${floatsToBytes(model.mean)}, ${floatsToBytes(model.transform)}, ${model.patents}, ${model.method},
        ${model.centroids ? floatsToBytes(model.centroids) : null}, clock_timestamp())
      ON CONFLICT (id) DO UPDATE SET mean = excluded.mean, transform = excluded.transform,
        patents = excluded.patents, method = excluded.method, centroids = excluded.centroids, built_at = excluded.built_at`.execute(
      transaction,
    );
  });
}

/** The patents' text a vector is made from, `limit` at a time after `after` in id order. */
export async function readPatentTexts(
  db: Db,
  options: { after: string; limit: number; withoutVector?: boolean },
): Promise<{ lens_id: string; title: string; body: string; learned: string | null }[]> {
  const { rows } = await sql<{ lens_id: string; title: string; body: string; learned: string | null }>`
    SELECT p.lens_id, p.title, CASE WHEN p.abstract <> '' THEN p.abstract ELSE coalesce(p.ai_summary, '') END AS body,
           l.words AS learned
    FROM patents p LEFT JOIN patent_learned l ON l.lens_id = p.lens_id
    WHERE p.lens_id > ${options.after}
      ${options.withoutVector ? sql`AND NOT EXISTS (SELECT 1 FROM patent_vectors v WHERE v.lens_id = p.lens_id)` : sql``}
    ORDER BY p.lens_id LIMIT ${options.limit}`.execute(db);
  return rows;
}

/** Replaces what WordNet says of the words (ADR 0175); written before the model, which servers reload by. */
export async function replaceWordSenses(db: Db, senses: ReadonlyMap<string, WordSenses>): Promise<void> {
  const rows = [...senses];
  await db.transaction().execute(async (transaction) => {
    await sql`DELETE FROM meaning_word_senses`.execute(transaction);
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      // Arrays of arrays do not pass as parameters: each list travels as its JSON text.
      await sql`
        INSERT INTO meaning_word_senses (word, synsets, kinds, opposed)
        SELECT v.word, ARRAY(SELECT json_array_elements_text(v.synsets::json)::int),
          ARRAY(SELECT json_array_elements_text(v.kinds::json)::int), ARRAY(SELECT json_array_elements_text(v.opposed::json)::int)
        FROM unnest(${batch.map(([word]) => word)}::text[], ${batch.map(([, entry]) => JSON.stringify(entry.synsets))}::text[],
          ${batch.map(([, entry]) => JSON.stringify(entry.kinds))}::text[], ${batch.map(([, entry]) => JSON.stringify(entry.opposed))}::text[])
          AS v(word, synsets, kinds, opposed)`.execute(transaction);
    }
  });
}
