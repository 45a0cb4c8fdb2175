import { LRUCache } from 'lru-cache';
import {
  type Db,
  readCorpusWords,
  readModel,
  readPatentVectorsSince,
  readWords,
  readWordSenses,
  standApart,
  type StoredModel,
  type StoredWord,
  type WordSenses,
  meaningWords,
  storedWordLookup,
  project,
  textVector,
  WORD_VECTORS_METHOD,
  type TextEmbedder,
} from '@patentscout/db';
import type { Nearest } from './nearest.js';
import { createScanPool, type ScanPool } from './scan-pool.js';
import { createVectorTable, named } from './vector-table.js';

/** What a text means to the index: its vector, and the corpus words closest to its rarest words. */
export interface TextMeaning {
  vector: Float32Array;
  /**
   * For the explanation: "also searched for: drone -> unmanned, aircraft". Computed when asked
   * (a scan of the corpus's words, in a scan thread), so that a search asks while Postgres works.
   */
  alsoSearched(): Promise<{ word: string; similar: string[] }[]>;
}

export interface MeaningIndex {
  /** The text's meaning; null when no model is built yet or none of its words has a vector. */
  meaningOf(text: string): Promise<TextMeaning | null>;
  /** The `count` patents nearest to the vector, nearest first (cosine similarity), found in a scan thread. */
  nearest(vector: Float32Array, count: number): Promise<Nearest[]>;
  /** A patent's own vector, when it has one. */
  vectorOf(lensId: string): Promise<Float32Array | null>;
  /** Stops its reads and its scan threads. */
  close(): Promise<void>;
}

export interface MeaningTuning {
  /** How often the index looks for vectors written since (and for a rebuilt model). */
  refreshMs: number;
  /** How long a search waits for the first load before it searches by words alone. */
  firstLoadWaitMs: number;
  /** Query words whose neighbours are looked up, rarest first. */
  neighbourWords: number;
  /** Neighbours kept per word, and how close they must be (cosine of the words' vectors). */
  neighboursPerWord: number;
  neighbourSimilarity: number;
  /** How long a search waits for the embeddings endpoint (ADR 0164) before it searches by words alone. */
  queryEmbeddingTimeoutMs: number;
  /** How many vectors a search reads in a corpus with cells (ADR 0165): a share of them, at least `minimum`. */
  probedVectors: { share: number; minimum: number };
}

const PAGE = 50_000;

/**
 * The patents' vectors in memory (100 bytes each; 100 MB at a million), read from Postgres on
 * first use and then every `refreshMs`, only what was written since (`seq`); all of them again
 * when the indexer rebuilt the model. Searches compare a query with every patent (ADR 0150), or
 * in a large corpus with those of the cells nearest to it (ADR 0165).
 * A query's vector comes from the method that made the patents' (ADR 0164): the stored words and
 * model, or the configured embedder; an embedder that fails leaves the search to words alone.
 * Scans run in `scans` (ADR 0176; on the caller's thread without it), which the index closes.
 */
export function createMeaningIndex(
  db: Db,
  tuning: MeaningTuning,
  embedder?: TextEmbedder,
  scans: ScanPool = createScanPool(0),
): MeaningIndex {
  let model: StoredModel | null = null;
  const table = createVectorTable();
  let lastSeq = 0n;
  let corpus: Awaited<ReturnType<typeof readCorpusWords>> | null = null;
  let senses = new Map<string, WordSenses>();
  let loading: Promise<void> | null = null;
  let loadedAt = 0;
  let closed = false;
  const words = new LRUCache<string, StoredWord | 'none'>({ max: 50_000 });

  const load = async () => {
    const stored = await readModel(db);
    if (!stored) return;
    if (!model || model.builtAt.getTime() !== stored.builtAt.getTime()) {
      table.clear();
      lastSeq = 0n;
      words.clear();
      // Read side by side: the first search waits for the model, and the senses, read beside the corpus words, add little to that wait.
      const [corpusWords, read] = await Promise.all([readCorpusWords(db), readWordSenses(db)]);
      // Copied once into shared memory, for the scan threads that find a word's neighbours.
      const vectors = new Int8Array(new SharedArrayBuffer(corpusWords.vectors.length));
      vectors.set(corpusWords.vectors);
      [corpus, senses] = [{ ...corpusWords, vectors }, read];
      model = stored;
    }
    for (;;) {
      const page = await readPatentVectorsSince(db, lastSeq, PAGE);
      for (const row of page) table.put(row.lensId, row.vector, row.cell);
      if (page.length > 0) lastSeq = page[page.length - 1]!.seq;
      if (page.length < PAGE || closed) break;
    }
  };

  // Until a model exists, every use looks for one (a row read): the indexer may derive it any time.
  // A failed read (the database restarting) is tried again at the next use after `refreshMs`.
  const fresh = async (): Promise<void> => {
    if (!loading && (!model || Date.now() - loadedAt >= tuning.refreshMs)) {
      loadedAt = Date.now();
      loading = load()
        .catch(() => undefined)
        .finally(() => {
          loading = null;
        });
    }
    // The first search waits a little for the first read; later ones use what is in memory.
    if (loading && !model)
      await Promise.race([
        loading,
        new Promise<void>((resolve) => setTimeout(resolve, tuning.firstLoadWaitMs).unref()),
      ]);
  };

  const wordsOf = async (list: string[]): Promise<Map<string, StoredWord>> => {
    const missing = list.filter((word) => !words.has(word));
    if (missing.length > 0) {
      const found = await readWords(db, missing);
      for (const word of missing) words.set(word, found.get(word) ?? 'none');
    }
    const known = new Map<string, StoredWord>();
    for (const word of list) {
      const entry = words.get(word);
      if (entry && entry !== 'none') known.set(word, entry);
    }
    return known;
  };

  const neighboursOf = async (word: string, vector: Float32Array): Promise<string[]> => {
    const current = corpus;
    if (!current) return [];
    const found = await scans.scan({
      matrix: current.vectors,
      rows: current.words.length,
      query: vector,
      count: tuning.neighboursPerWord + 4,
    });
    return (
      found
        .filter((entry) => entry.similarity >= tuning.neighbourSimilarity)
        .map((entry) => current.words[entry.position]!)
        .filter((other) => !other.startsWith(word.slice(0, 5)) && !word.startsWith(other.slice(0, 5)))
        // Word vectors put words used alike together: winter beside summer, hot beside cold (ADR 0175).
        .filter((other) => !standApart(senses.get(word), senses.get(other)))
        .slice(0, tuning.neighboursPerWord)
    );
  };

  const queryVector = async (
    current: StoredModel,
    text: string,
    raw: Float32Array | null,
  ): Promise<Float32Array | null> => {
    if (current.method === WORD_VECTORS_METHOD) return raw && project(current, raw);
    if (embedder?.method !== current.method) return null;
    return embedder.embed([text], AbortSignal.timeout(tuning.queryEmbeddingTimeoutMs)).then(
      ([vector]) => vector ?? null,
      () => null,
    );
  };

  // Read at once, so that the first searches after a start find the vectors in memory.
  void fresh();

  return {
    async meaningOf(text) {
      await fresh();
      const current = model;
      if (!current) return null;
      const list = [...new Set(meaningWords(text))];
      const known = await wordsOf(list);
      const lookup = storedWordLookup(known, current.patents);
      const raw = textVector(list, lookup);
      const vector = await queryVector(current, text, raw);
      if (!vector) return null;
      const rarest = [...known.keys()]
        .filter((word) => (known.get(word)!.idf ?? 0) > 0)
        .sort((left, right) => lookup.weight(right) - lookup.weight(left))
        .slice(0, tuning.neighbourWords);
      const alsoSearched = async () =>
        (
          await Promise.all(
            rarest.map(async (word) => ({
              word,
              similar: await neighboursOf(word, known.get(word)!.vector),
            })),
          )
        ).filter((entry) => entry.similar.length > 0);
      return { vector, alsoSearched };
    },
    nearest: async (vector, count) => {
      const centroids = model?.centroids;
      const { task, lensIds } = table.plan(
        vector,
        count,
        centroids
          ? {
              centroids,
              vectors: Math.max(tuning.probedVectors.minimum, table.size * tuning.probedVectors.share),
            }
          : undefined,
      );
      return named(await scans.scan(task), lensIds);
    },
    async vectorOf(lensId) {
      await fresh();
      return table.vectorOf(lensId);
    },
    async close() {
      closed = true;
      await scans.close();
    },
  };
}
