import type { Db, TextEmbedder } from '@patentscout/db';
import { SIMILAR_CANDIDATES, MEANING_INDEX } from '../plan.js';
import { createMeaningIndex, type MeaningTuning, type TextMeaning } from './meaning-index.js';
import type { Nearest } from './nearest.js';
import { createScanPool, defaultScanThreads } from './scan-pool.js';
import { patentIndexed, similarPatents, type SimilarPatent } from './similar.js';

export type { TextMeaning } from './meaning-index.js';

/**
 * Everything the engine knows of meaning, behind one interface (issue 58): a query's vector and
 * what it also searched for (the explanation), the patents nearest to it, and the patents similar
 * to one patent. Its scans run in scan threads (ADR 0176), never on the thread that answers
 * requests; a sentence encoder would join them there.
 */
export interface MeaningSource {
  /** The text's meaning for AI search; null when meaning is off, not derived yet, or none of its words has a vector. */
  meaningOf(text: string): Promise<TextMeaning | null>;
  /** The `count` patents nearest to a meaning, nearest first. */
  nearest(vector: Float32Array, count: number): Promise<Nearest[]>;
  /**
   * The patents nearest in meaning to patent `lensId` (similar.ts), `first` at most; null when no
   * patent has that id, [] before any meaning was derived. `rarity` orders the shared words.
   */
  similar(lensId: string, first: number, rarity: (lexeme: string) => number): Promise<SimilarPatent[] | null>;
  /** Stops its reads and its scan threads. */
  close(): Promise<void>;
}

export function createMeaningSource(
  db: Db,
  options: {
    /** Whether AI search finds by meaning too (ADR 0150); similar patents are found regardless. */
    searches?: boolean;
    /** Query vectors from a configured embeddings endpoint (ADR 0164). */
    embedder?: TextEmbedder;
    /** Scan threads (`defaultScanThreads()` by default); 0 scans on the caller's thread. */
    threads?: number;
    tuning?: MeaningTuning;
  } = {},
): MeaningSource {
  const index = createMeaningIndex(
    db,
    options.tuning ?? MEANING_INDEX,
    options.embedder,
    createScanPool(options.threads ?? defaultScanThreads()),
  );
  return {
    meaningOf: (text) => (options.searches === false ? Promise.resolve(null) : index.meaningOf(text)),
    nearest: (vector, count) => index.nearest(vector, count),
    async similar(lensId, first, rarity) {
      if (!(await patentIndexed(db, lensId))) return null;
      const vector = await index.vectorOf(lensId);
      if (!vector) return [];
      return similarPatents(db, lensId, await index.nearest(vector, SIMILAR_CANDIDATES), first, rarity);
    },
    close: () => index.close(),
  };
}
