import {
  type Db,
  DIMENSIONS,
  dequantize,
  inverseFrequency,
  meaningWords,
  normalize,
  patentRawVector,
  project,
  quantize,
  readModel,
  readWords,
} from '@patentscout/db';
import { createModelLearner } from './corpus-model.js';
import { readPatentTexts, replaceWordsAndModel, writePatentVectors } from './meaning-writes.js';
import { readPackageVectors } from './package-vectors.js';

const PAGE = 5_000;
/** A corpus word the package lacks gets a vector learned from its patents when this many use it. */
const LEARNED_WORD_MIN_PATENTS = 2;

export interface MeaningProgress {
  phase: 'counting words' | 'reading word vectors' | 'patent vectors' | 'writing';
  done: number;
  total?: number;
}

/** Thrown between pages when the caller stopped the build (the server stopping): nothing half-written. */
export class MeaningBuildStopped extends Error {
  constructor() {
    super('the meaning build was stopped');
  }
}

async function* allTexts(db: Db, withoutVector = false, signal?: AbortSignal) {
  let after = '';
  for (;;) {
    if (signal?.aborted) throw new MeaningBuildStopped();
    const page = await readPatentTexts(db, { after, limit: PAGE, withoutVector });
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.lens_id;
  }
}

/**
 * Derives everything AI search knows of meaning from the corpus (ADR 0150): each word's rarity,
 * word vectors (the package's, and for corpus words it lacks the mean of their patents'
 * vectors), the corpus model, and every patent's vector. Reads the corpus twice, a page at a
 * time; holds the patents' vectors as bytes (100 MB at a million).
 */
export async function buildMeaning(
  db: Db,
  onProgress: (progress: MeaningProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<{ patents: number; words: number; learnedWords: number; elapsedMs: number }> {
  const started = performance.now();
  const documentsWith = new Map<string, number>();
  let patents = 0;
  for await (const page of allTexts(db, false, signal)) {
    for (const row of page)
      for (const word of new Set(meaningWords(`${row.title} ${row.body}`)))
        documentsWith.set(word, (documentsWith.get(word) ?? 0) + 1);
    patents += page.length;
    onProgress({ phase: 'counting words', done: patents });
  }
  onProgress({ phase: 'reading word vectors', done: 0 });
  const packageVectors = await readPackageVectors(new Set(documentsWith.keys()));
  const idf = (word: string) => inverseFrequency(patents, documentsWith.get(word) ?? 0);
  const lookup = { vector: (word: string) => packageVectors.get(word), weight: idf };

  const learner = createModelLearner();
  const lensIds: string[] = [];
  const raw = new Int8Array(patents * DIMENSIONS);
  const learned = new Map<string, Float32Array>();
  for await (const page of allTexts(db, false, signal)) {
    for (const row of page) {
      const vector = patentRawVector(row, lookup);
      if (!vector) continue;
      learner.add(vector.vector, vector.title, vector.body);
      raw.set(new Int8Array(quantize(vector.vector)), lensIds.length * DIMENSIONS);
      lensIds.push(row.lens_id);
      for (const word of new Set(meaningWords(`${row.title} ${row.body}`))) {
        if (packageVectors.has(word) || (documentsWith.get(word) ?? 0) < LEARNED_WORD_MIN_PATENTS) continue;
        const sum = learned.get(word) ?? new Float32Array(DIMENSIONS);
        for (let index = 0; index < DIMENSIONS; index += 1) sum[index]! += vector.vector[index]!;
        learned.set(word, sum);
      }
    }
    onProgress({ phase: 'patent vectors', done: lensIds.length, total: patents });
  }
  if (signal?.aborted) throw new MeaningBuildStopped();
  const model = learner.model();
  onProgress({ phase: 'writing', done: 0, total: lensIds.length });
  const words = [
    ...[...packageVectors].map(([word, vector]) => ({ word, vector })),
    ...[...learned].map(([word, sum]) => ({ word, vector: normalize(sum) })),
  ].map(({ word, vector }) => ({
    word,
    vector: quantize(vector),
    idf: documentsWith.has(word) ? idf(word) : null,
  }));
  await replaceWordsAndModel(db, words, model);
  for (let start = 0; start < lensIds.length; start += PAGE) {
    const rows = lensIds.slice(start, start + PAGE).map((lensId, offset) => {
      const at = (start + offset) * DIMENSIONS;
      const vector = dequantize(new Uint8Array(raw.buffer, at, DIMENSIONS));
      return { lensId, vector: quantize(project(model, vector)) };
    });
    await writePatentVectors(db, rows);
    onProgress({ phase: 'writing', done: Math.min(start + PAGE, lensIds.length), total: lensIds.length });
  }
  return {
    patents: lensIds.length,
    words: words.length,
    learnedWords: learned.size,
    elapsedMs: performance.now() - started,
  };
}

/**
 * Vectors for the patents that have none (new since the last build), from the stored words and
 * model: no package file is read. Answers how many were written, or null when no model exists yet.
 */
export async function vectorizeNewPatents(
  db: Db,
  limit = Infinity,
  signal?: AbortSignal,
): Promise<number | null> {
  const model = await readModel(db);
  if (!model) return null;
  const unseen = inverseFrequency(model.patents, 0);
  let written = 0;
  for await (const page of allTexts(db, true, signal)) {
    const words = await readWords(db, [
      ...new Set(page.flatMap((row) => meaningWords(`${row.title} ${row.body}`))),
    ]);
    const lookup = {
      vector: (word: string) => words.get(word)?.vector,
      weight: (word: string) => words.get(word)?.idf ?? unseen,
    };
    const rows = page.flatMap((row) => {
      const vector = patentRawVector(row, lookup);
      return vector ? [{ lensId: row.lens_id, vector: quantize(project(model, vector.vector)) }] : [];
    });
    await writePatentVectors(db, rows);
    written += rows.length;
    if (written >= limit) break;
  }
  return written;
}
