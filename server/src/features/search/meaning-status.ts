import { readMeaningCoverage, type Db, type MeaningCoverage } from '@patentscout/db';

/** Counting a million patents takes a while; the pages and /readyz ask often. */
const KEPT_MS = 15_000;

/**
 * How far the corpus's meaning goes (ADR 0171), counted at most every 15 s: while it is missing
 * or building, AI search finds by words alone and Similar patents may answer nothing.
 */
export function createMeaningStatus(reads: Db, now: () => number = Date.now) {
  let kept: { at: number; coverage: Promise<MeaningCoverage> } | undefined;
  return (): Promise<MeaningCoverage> => {
    if (!kept || now() - kept.at >= KEPT_MS) {
      const coverage = readMeaningCoverage(reads);
      kept = { at: now(), coverage };
      // A failed count is not kept: the next caller counts again.
      coverage.catch(() => {
        if (kept?.coverage === coverage) kept = undefined;
      });
    }
    return kept.coverage;
  };
}
