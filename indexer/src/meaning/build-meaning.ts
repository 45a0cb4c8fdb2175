import {
  type Db,
  DIMENSIONS,
  dequantize,
  inverseFrequency,
  meaningWords,
  nearestCell,
  normalize,
  patentRawVector,
  project,
  quantize,
  readModel,
  readWords,
  storedWordLookup,
  WORD_VECTORS_METHOD,
  cellCount,
  type TextEmbedder,
} from '@patentscout/db';
import { createModelLearner } from './corpus-model.js';
import { divideIntoCells } from './divide-cells.js';
import { cellSampleSize, learnCells } from './learn-cells.js';
import {
  readPatentTexts,
  replaceWordSenses,
  replaceWordsAndModel,
  writePatentVectors,
} from './meaning-writes.js';
import { wordSenses } from './word-senses.js';
import { readPackageVectors } from './package-vectors.js';
import { RawVectors } from './raw-vectors.js';

const PAGE = 5_000;
/** Texts per call to an embeddings endpoint (OpenAI accepts up to 2,048 inputs a call). */
const EMBED_BATCH = 128;
/** A corpus word the package lacks gets a vector learned from its patents when this many use it. */
const LEARNED_WORD_MIN_PATENTS = 2;

export interface MeaningProgress {
  phase: 'counting words' | 'reading word vectors' | 'patent vectors' | 'writing' | 'cells';
  done: number;
  total?: number;
}

/** Thrown between pages when the caller stopped the build (the server stopping): nothing half-written. */
export class MeaningBuildStopped extends Error {
  constructor() {
    super('the meaning build was stopped');
  }
}

async function* allTexts(db: Db, withoutVector = false, signal?: AbortSignal): AsyncGenerator<PatentText[]> {
  let after = '';
  for (;;) {
    if (signal?.aborted) throw new MeaningBuildStopped();
    const page = await readPatentTexts(db, { after, limit: PAGE, withoutVector });
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.lens_id;
  }
}

/** A patent's text, with the words it learned from its classes (ADR 0177), if any. */
type PatentText = { lens_id: string; title: string; body: string; learned: string | null };

/** The text an embeddings endpoint is given for a patent: its title, then its abstract or AI summary. */
const embeddedText = (row: PatentText) => (row.body ? `${row.title}. ${row.body}` : row.title);

/** Vectors from the configured embedder for the patents of a page, written a batch at a time. */
async function embedPatents(
  db: Db,
  page: PatentText[],
  embedder: TextEmbedder,
  signal?: AbortSignal,
  centroids: Float32Array | null = null,
) {
  for (let start = 0; start < page.length; start += EMBED_BATCH) {
    if (signal?.aborted) throw new MeaningBuildStopped();
    const batch = page.slice(start, start + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map(embeddedText), signal);
    await writePatentVectors(
      db,
      batch.map((row, index) => ({
        lensId: row.lens_id,
        vector: quantize(vectors[index]!),
        cell: centroids && nearestCell(centroids, vectors[index]!),
      })),
    );
  }
}

/**
 * Derives everything AI search knows of meaning from the corpus (ADR 0150): each word's rarity,
 * word vectors (the package's, and for corpus words it lacks the mean of their patents'
 * vectors), the corpus model, and every patent's vector. Reads the corpus twice, a page at a
 * time; holds the patents' vectors as bytes (100 MB at a million). With an embedder (ADR 0164),
 * the patents' vectors come from it instead, in a third reading; the words and model still serve
 * the explanation's neighbour words.
 */
export async function buildMeaning(
  db: Db,
  onProgress: (progress: MeaningProgress) => void = () => {},
  signal?: AbortSignal,
  embedder?: TextEmbedder,
): Promise<{ patents: number; words: number; learnedWords: number; cells: number; elapsedMs: number }> {
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
  const raw = new RawVectors(patents);
  const learned = new Map<string, Float32Array>();
  for await (const page of allTexts(db, false, signal)) {
    for (const row of page) {
      const vector = patentRawVector(row, lookup);
      if (!vector) continue;
      learner.add(vector.vector, vector.title, vector.body);
      raw.push(quantize(vector.vector));
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
  const projectedAt = (index: number) => project(model, dequantize(raw.at(index)));
  // By words, the cells are learned before the first write: each vector is written once, in its
  // cell (ADR 0165). An endpoint's vectors exist only once written: their cells come after.
  const cells = embedder ? 0 : cellCount(lensIds.length);
  const sampleSize = Math.min(lensIds.length, cellSampleSize(cells));
  const centroids =
    cells > 0
      ? learnCells(
          Array.from({ length: sampleSize }, (_, index) =>
            projectedAt(Math.floor((index * lensIds.length) / sampleSize)),
          ),
          cells,
        )
      : null;
  await replaceWordSenses(db, await wordSenses(words.map((entry) => entry.word)));
  await replaceWordsAndModel(db, words, {
    ...model,
    method: embedder?.method ?? WORD_VECTORS_METHOD,
    centroids,
  });
  if (embedder) {
    let written = 0;
    for await (const page of allTexts(db, false, signal)) {
      await embedPatents(db, page, embedder, signal);
      written += page.length;
      onProgress({ phase: 'writing', done: written, total: patents });
    }
    return {
      patents: written,
      words: words.length,
      learnedWords: learned.size,
      cells: await divideIntoCells(db, written, {
        signal,
        onProgress: (done, total) => onProgress({ phase: 'cells', done, total }),
      }),
      elapsedMs: performance.now() - started,
    };
  }
  for (let start = 0; start < lensIds.length; start += PAGE) {
    const rows = lensIds.slice(start, start + PAGE).map((lensId, offset) => {
      const vector = projectedAt(start + offset);
      return { lensId, vector: quantize(vector), cell: centroids && nearestCell(centroids, vector) };
    });
    await writePatentVectors(db, rows);
    onProgress({ phase: 'writing', done: Math.min(start + PAGE, lensIds.length), total: lensIds.length });
  }
  return {
    patents: lensIds.length,
    words: words.length,
    learnedWords: learned.size,
    cells: centroids ? centroids.length / DIMENSIONS : 0,
    elapsedMs: performance.now() - started,
  };
}

/**
 * Vectors for the patents that have none (new since the last build), from the stored words and
 * model (no package file is read) or the embedder. Answers how many were written, or null when no
 * model exists yet or it was made by another method than the one given.
 */
export async function vectorizeNewPatents(
  db: Db,
  limit = Infinity,
  signal?: AbortSignal,
  embedder?: TextEmbedder,
): Promise<number | null> {
  const model = await readModel(db);
  if (!model || model.method !== (embedder?.method ?? WORD_VECTORS_METHOD)) return null;
  let written = 0;
  for await (const page of allTexts(db, true, signal)) {
    if (embedder) {
      await embedPatents(db, page, embedder, signal, model.centroids);
      written += page.length;
      if (written >= limit) break;
      continue;
    }
    const words = await readWords(db, [
      ...new Set(page.flatMap((row) => meaningWords(`${row.title} ${row.body}`))),
    ]);
    const lookup = storedWordLookup(words, model.patents);
    const rows = page.flatMap((row) => {
      const vector = patentRawVector(row, lookup);
      if (!vector) return [];
      const projected = project(model, vector.vector);
      const cell = model.centroids && nearestCell(model.centroids, projected);
      return [{ lensId: row.lens_id, vector: quantize(projected), cell }];
    });
    await writePatentVectors(db, rows);
    written += rows.length;
    if (written >= limit) break;
  }
  return written;
}
