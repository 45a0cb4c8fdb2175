import { createHash } from 'node:crypto';
import { canonicalLensQuery } from '@patentscout/schema';
import type { SearchFilters } from './engine/index.js';
import { parseLensQuery } from './query/parser.js';
import type { SearchKind } from './search.types.js';

/**
 * The version of the keys below, their prefix. The first keys (unprefixed hex) were made from the
 * lower-cased query text, which merged searches that differ (`or` is a word, `OR` an operator):
 * no key of this version can equal one of them, so kept answers and free repeats of those
 * searches are never matched again (ADR 0111).
 */
const KEY_VERSION = 'v2';

/** A filter's values in one order (their order never changes the matches). */
function normalisedFilters(filters: SearchFilters): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [
      name,
      Array.isArray(value) && name !== 'years' ? [...value].sort() : value,
    ]),
  );
}

/**
 * A search's identity for "the same search again" (a free repeat within a day, its kept answer, a
 * followed search): its kind, its query in canonical form, its filters normalised. An advanced
 * query is its parsed tree printed canonically (`canonicalLensQuery`): spacing, operator
 * spellings and field-name case do not count, the case of operators and words does. An AI
 * search's text counts as its words, which it reads lower-cased. The request must have passed
 * `checkRequest`.
 */
export function searchKeyOf(request: { kind: SearchKind; query: string; filters: SearchFilters }): string {
  const query =
    request.kind === 'boolean'
      ? canonicalLensQuery(parseLensQuery(request.query))
      : // An AI search reads its text's words lower-cased (`to_tsvector`): case and spacing aside.
        request.query.trim().replace(/\s+/g, ' ').toLowerCase();
  const digest = createHash('sha256')
    .update(JSON.stringify([request.kind, query, normalisedFilters(request.filters)]))
    .digest('hex');
  return `${KEY_VERSION}:${digest}`;
}

/** Whether a kept key is of this version (keys of the first version are plain hex). */
export const isCurrentSearchKey = (key: string): boolean => key.startsWith(`${KEY_VERSION}:`);
