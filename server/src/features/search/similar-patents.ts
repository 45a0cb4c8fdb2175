import { z } from 'zod';
import { parseInput, wholeNumber } from '../../shared/validation.js';
import { PatentNotFoundError } from '../patents/index.js';
import type { SearchEngine, SimilarPatent } from './engine/index.js';
import { toResultItem } from './search-answer.js';

/** Similar patents listed at most, and by default (the patent page shows ten). */
export const SIMILAR_MAX = 50;
export const SIMILAR_DEFAULT = 10;

const SimilarRequest = z.object({
  lensId: z.string().trim().min(1, 'Lens ID is required.').max(200, 'That patent id is too long.'),
  first: wholeNumber('first')
    .pipe(
      z
        .number()
        .int('first must be a whole number')
        .min(1, 'first must be at least 1')
        .max(SIMILAR_MAX, `first must be at most ${SIMILAR_MAX}`),
    )
    .default(SIMILAR_DEFAULT),
});

/** A similar patent as the API answers it: a result item, and why it is similar. */
export type SimilarPatentItem = ReturnType<typeof toResultItem> & {
  similarity: { shared_classes: string[]; shared_words: string[]; score: number };
};

function toSimilarItem(hit: SimilarPatent, index: number): SimilarPatentItem {
  return {
    ...toResultItem(hit, index),
    similarity: {
      shared_classes: hit.reasons.sharedClasses,
      shared_words: hit.reasons.sharedWords,
      score: Math.round(hit.reasons.similarity * 1000) / 1000,
    },
  };
}

/**
 * The patents nearest in meaning to one patent (ADR 0151): browsing, not a search, so nothing is
 * counted against the allowance. An unknown id is `PatentNotFoundError` (404).
 */
export async function similarPatents(engine: SearchEngine, input: unknown): Promise<SimilarPatentItem[]> {
  const { lensId, first } = parseInput(SimilarRequest, input);
  const found = await engine.similar({ lensId, first });
  if (found === null) throw new PatentNotFoundError(lensId);
  return found.map(toSimilarItem);
}
