import { sql } from 'kysely';
import type { Db } from '../client.js';
import { bytesToFloats, dequantize, type MeaningModel } from './vectors.js';

/** The corpus model as stored: with how many patents it was learned from, and when. */
export interface StoredModel extends MeaningModel {
  patents: number;
  builtAt: Date;
}

export async function readModel(db: Db): Promise<StoredModel | null> {
  const { rows } = await sql<{ mean: Buffer; transform: Buffer; patents: number; built_at: Date }>`
    SELECT mean, transform, patents, built_at FROM meaning_model WHERE id = 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    mean: bytesToFloats(row.mean),
    transform: bytesToFloats(row.transform),
    patents: row.patents,
    builtAt: row.built_at,
  };
}

/** A word's vector, and its rarity in the corpus (null for a word no patent uses). */
export interface StoredWord {
  vector: Float32Array;
  idf: number | null;
}

/** The stored words among `words` (any others have no vector). */
export async function readWords(db: Db, words: readonly string[]): Promise<Map<string, StoredWord>> {
  const found = new Map<string, StoredWord>();
  if (words.length === 0) return found;
  const { rows } = await sql<{ word: string; vector: Buffer; idf: number | null }>`
    SELECT word, vector, idf FROM meaning_words WHERE word = ANY(${[...words]}::text[])`.execute(db);
  for (const row of rows) found.set(row.word, { vector: dequantize(row.vector), idf: row.idf });
  return found;
}

/** The words the patents use, with their vectors and rarity (for the neighbours of a query's words). */
export async function readCorpusWords(
  db: Db,
): Promise<{ words: string[]; vectors: Int8Array; idf: Float32Array }> {
  const { rows } = await sql<{ word: string; vector: Buffer; idf: number }>`
    SELECT word, vector, idf FROM meaning_words WHERE idf IS NOT NULL ORDER BY word`.execute(db);
  const vectors = new Int8Array(rows.length * 100);
  rows.forEach((row, index) =>
    vectors.set(new Int8Array(row.vector.buffer, row.vector.byteOffset, 100), index * 100),
  );
  return { words: rows.map((row) => row.word), vectors, idf: Float32Array.from(rows, (row) => row.idf) };
}

/** Patent vectors written after `afterSeq`, in the order they were written, `limit` at most. */
export async function readPatentVectorsSince(
  db: Db,
  afterSeq: bigint,
  limit: number,
): Promise<{ lensId: string; vector: Buffer; seq: bigint }[]> {
  const { rows } = await sql<{ lens_id: string; vector: Buffer; seq: string }>`
    SELECT lens_id, vector, seq FROM patent_vectors WHERE seq > ${afterSeq.toString()}::bigint
    ORDER BY seq LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ lensId: row.lens_id, vector: row.vector, seq: BigInt(row.seq) }));
}
