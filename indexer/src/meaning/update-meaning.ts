import { sql } from 'kysely';
import { type Db, readModel, WORD_VECTORS_METHOD, type TextEmbedder } from '@patentscout/db';
import { hasClassWords, learnClassWords } from '../learned/learn-class-words.js';
import { buildMeaning, vectorizeNewPatents, type MeaningProgress } from './build-meaning.js';

/** Past this growth of the corpus since the model was learned, it is learned again. */
const REBUILD_GROWTH = 1.25;

export type MeaningUpdate =
  | { kind: 'built'; patents: number; words: number; seconds: number }
  | { kind: 'vectorized'; patents: number }
  | { kind: 'current' };

/**
 * Keeps the corpus's meaning current (ADR 0150): learned from scratch when there is none yet or
 * the corpus grew by a quarter since, or its vectors were made by another method than the one
 * configured; otherwise only the patents without a vector get one. The words of the IPC classes
 * that records with little text learn (ADR 0177) are learned again with it.
 */
export async function updateMeaning(
  db: Db,
  options: {
    onProgress?: (progress: MeaningProgress) => void;
    signal?: AbortSignal;
    /** The configured embeddings endpoint (ADR 0164); the embedded word vectors otherwise. */
    embedder?: TextEmbedder;
  } = {},
): Promise<MeaningUpdate> {
  const model = await readModel(db);
  const { rows } = await sql<{ patents: number }>`SELECT count(*)::int AS patents FROM patents`.execute(db);
  const patents = rows[0]?.patents ?? 0;
  if (patents === 0) return { kind: 'current' };
  const method = options.embedder?.method ?? WORD_VECTORS_METHOD;
  const rebuild = !model || patents > model.patents * REBUILD_GROWTH || model.method !== method;
  // The classes' words join the patents' vectors, so they are learned first (ADR 0177).
  if (rebuild || !(await hasClassWords(db))) await learnClassWords(db, options.signal);
  if (rebuild) {
    const built = await buildMeaning(db, options.onProgress, options.signal, options.embedder);
    return { kind: 'built', patents: built.patents, words: built.words, seconds: built.elapsedMs / 1000 };
  }
  const written = await vectorizeNewPatents(db, Infinity, options.signal, options.embedder);
  return written ? { kind: 'vectorized', patents: written } : { kind: 'current' };
}
