import { sql } from 'kysely';
import type { Db } from '../client.js';
import type { WordSenses } from './word-senses.js';
import {
  bytesToFloats,
  dequantize,
  DIMENSIONS,
  inverseFrequency,
  meaningWords,
  project,
  textVector,
  type MeaningModel,
  type WordLookup,
} from './vectors.js';

/** The corpus model as stored: with how many patents it was learned from, and when. */
export interface StoredModel extends MeaningModel {
  patents: number;
  /** Which method made the patent vectors (`WORD_VECTORS_METHOD`, or an embedder's). */
  method: string;
  /** The cells' centres, cells x 100 floats (ADR 0165); null: no cells, every vector is read. */
  centroids: Float32Array | null;
  builtAt: Date;
}

export async function readModel(db: Db): Promise<StoredModel | null> {
  const { rows } = await sql<{
    mean: Buffer;
    transform: Buffer;
    patents: number;
    method: string;
    centroids: Buffer | null;
    built_at: Date;
  }>`
    SELECT mean, transform, patents, method, centroids, built_at FROM meaning_model WHERE id = 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    mean: bytesToFloats(row.mean),
    transform: bytesToFloats(row.transform),
    patents: row.patents,
    method: row.method,
    centroids: row.centroids ? bytesToFloats(row.centroids) : null,
    builtAt: row.built_at,
  };
}

/** A word's vector, and its rarity in the corpus (null for a word no patent uses). */
export interface StoredWord {
  vector: Float32Array;
  idf: number | null;
}

/**
 * How stored words make a text's vector: each word's vector, weighed by its rarity; a word no
 * patent used counts as the rarest (a query's own words are its most telling).
 */
export function storedWordLookup(words: ReadonlyMap<string, StoredWord>, patents: number): WordLookup {
  const unseen = inverseFrequency(patents, 0);
  return {
    vector: (word) => words.get(word)?.vector,
    weight: (word) => words.get(word)?.idf ?? unseen,
  };
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
  const vectors = new Int8Array(rows.length * DIMENSIONS);
  rows.forEach((row, index) =>
    vectors.set(new Int8Array(row.vector.buffer, row.vector.byteOffset, DIMENSIONS), index * DIMENSIONS),
  );
  return { words: rows.map((row) => row.word), vectors, idf: Float32Array.from(rows, (row) => row.idf) };
}

/** What WordNet says of the stored words it knows (ADR 0175), by word. */
export async function readWordSenses(db: Db): Promise<Map<string, WordSenses>> {
  const { rows } = await sql<{ word: string } & WordSenses>`
    SELECT word, synsets, kinds, opposed FROM meaning_word_senses`.execute(db);
  return new Map(rows.map(({ word, ...senses }) => [word, senses]));
}

/** Patent vectors written after `afterSeq`, in the order they were written, `limit` at most. */
export async function readPatentVectorsSince(
  db: Db,
  afterSeq: bigint,
  limit: number,
): Promise<{ lensId: string; vector: Buffer; cell: number | null; seq: bigint }[]> {
  const { rows } = await sql<{ lens_id: string; vector: Buffer; cell: number | null; seq: string }>`
    SELECT lens_id, vector, cell, seq FROM patent_vectors WHERE seq > ${afterSeq.toString()}::bigint
    ORDER BY seq LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({
    lensId: row.lens_id,
    vector: row.vector,
    cell: row.cell,
    seq: BigInt(row.seq),
  }));
}

/**
 * Texts' vectors by the embedded method (the stored words and model), as an embeddings endpoint
 * would answer them: what the local embeddings stand-in serves (ADR 0164). Null before a model
 * exists; a text none of whose words has a vector gets the zero vector.
 */
export async function wordMethodVectors(db: Db, texts: readonly string[]): Promise<Float32Array[] | null> {
  const model = await readModel(db);
  if (!model) return null;
  const words = await readWords(db, [...new Set(texts.flatMap((text) => meaningWords(text)))]);
  const lookup = storedWordLookup(words, model.patents);
  return texts.map((text) => {
    const raw = textVector(meaningWords(text), lookup);
    return raw ? project(model, raw) : new Float32Array(DIMENSIONS);
  });
}
