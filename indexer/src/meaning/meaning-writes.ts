import { sql } from 'kysely';
import { type Db, floatsToBytes, type MeaningModel } from '@patentscout/db';

const BATCH = 2_000;

/** Writes (or rewrites) patents' vectors; each write takes a new `seq`, so servers read it next. */
export async function writePatentVectors(db: Db, rows: { lensId: string; vector: Buffer }[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await sql`
      INSERT INTO patent_vectors (lens_id, vector)
      SELECT v.lens_id, v.vector FROM unnest(${batch.map((row) => row.lensId)}::text[], ${batch.map((row) => row.vector)}::bytea[]) AS v(lens_id, vector)
      JOIN patents p ON p.lens_id = v.lens_id
      ON CONFLICT (lens_id) DO UPDATE SET vector = excluded.vector, seq = nextval('patent_vectors_seq')`.execute(
      db,
    );
  }
}

/** Replaces the vocabulary and the model in one transaction: servers see the old or the new. */
export async function replaceWordsAndModel(
  db: Db,
  words: { word: string; vector: Buffer; idf: number | null }[],
  model: MeaningModel & { patents: number },
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
      INSERT INTO meaning_model (id, mean, transform, patents, built_at)
      VALUES (1, ${floatsToBytes(model.mean)}, ${floatsToBytes(model.transform)}, ${model.patents}, clock_timestamp())
      ON CONFLICT (id) DO UPDATE SET mean = excluded.mean, transform = excluded.transform,
        patents = excluded.patents, built_at = excluded.built_at`.execute(transaction);
  });
}

/** The patents' text a vector is made from, `limit` at a time after `after` in id order. */
export async function readPatentTexts(
  db: Db,
  options: { after: string; limit: number; withoutVector?: boolean },
): Promise<{ lens_id: string; title: string; body: string }[]> {
  const { rows } = await sql<{ lens_id: string; title: string; body: string }>`
    SELECT p.lens_id, p.title, CASE WHEN p.abstract <> '' THEN p.abstract ELSE coalesce(p.ai_summary, '') END AS body
    FROM patents p
    WHERE p.lens_id > ${options.after}
      ${options.withoutVector ? sql`AND NOT EXISTS (SELECT 1 FROM patent_vectors v WHERE v.lens_id = p.lens_id)` : sql``}
    ORDER BY p.lens_id LIMIT ${options.limit}`.execute(db);
  return rows;
}
