import type { QueryNode } from './ast.js';
import { QuerySyntaxError } from './errors.js';

/**
 * What one query may ask of the search, checked before anything runs (ADR 0111), here so that
 * the browser refuses what the server would, with the same words. Each limit is far above what a
 * person writes, and bounds what a query compiles to and costs on every patent it reads: a
 * proximity phrase becomes (words - 1) x N x 2 phrase matches, every term a condition, every
 * wildcard word look-ups in the vocabulary. The engine adds what only data can tell: how many words the
 * wildcards fit, and the size of the compiled statement.
 */
export const LENS_QUERY_LIMITS = {
  /** Words in a quoted phrase. */
  phraseWords: 32,
  /** The N of `"..."~N`. */
  proximity: 50,
  /**
   * Word distances that the query's proximity phrases compare, added up: (words - 1) x N each,
   * so `"solar panel"~50` compares 50 and `"solar panel mount"~50` 100. Every distance is checked
   * both ways on every patent that holds the words.
   */
  proximityDistances: 100,
  /** Terms, phrases and ranges in a query. */
  terms: 200,
  /** Words with a `*` or `?`. */
  wildcardWords: 10,
  /** Groups and NOTs inside each other. */
  depth: 40,
} as const;

export type LensQueryLimit = keyof typeof LENS_QUERY_LIMITS;

/** A query that asks more than a limit allows: `limit` names it, the message says it. */
export class QueryBudgetError extends QuerySyntaxError {
  constructor(
    readonly limit: LensQueryLimit,
    reason: string,
    position: number,
  ) {
    super(reason, position);
    this.name = 'QueryBudgetError';
  }

  /** The limit's value. */
  get max(): number {
    return LENS_QUERY_LIMITS[this.limit];
  }
}

/** The words of a phrase, as the text search reads them (runs of letters and digits). */
export const phraseWords = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

const leaves = (node: QueryNode): Extract<QueryNode, { position: number }>[] => {
  if (node.kind === 'and' || node.kind === 'or') return node.children.flatMap(leaves);
  if (node.kind === 'not') return leaves(node.child);
  return [node];
};

/** Refuses a query past a limit of `LENS_QUERY_LIMITS` with a `QueryBudgetError`. */
export function checkQueryBudget(root: QueryNode): void {
  const all = leaves(root);
  const { terms, wildcardWords, phraseWords: maxWords, proximityDistances } = LENS_QUERY_LIMITS;
  if (all.length > terms) {
    throw new QueryBudgetError(
      'terms',
      `the query has ${all.length} terms; a query may have at most ${terms}.`,
      all[terms]!.position,
    );
  }
  const wildcards = all.filter((leaf) => leaf.kind === 'term' && leaf.wildcard);
  if (wildcards.length > wildcardWords) {
    throw new QueryBudgetError(
      'wildcardWords',
      `the query has ${wildcards.length} wildcard words; a query may have at most ${wildcardWords}.`,
      wildcards[wildcardWords]!.position,
    );
  }
  let distances = 0;
  for (const leaf of all) {
    if (leaf.kind !== 'phrase') continue;
    const words = phraseWords(leaf.text).length;
    if (words > maxWords) {
      throw new QueryBudgetError(
        'phraseWords',
        `a quoted phrase may have at most ${maxWords} words; this one has ${words}.`,
        leaf.position,
      );
    }
    if (leaf.slop === null) continue;
    distances += Math.max(0, words - 1) * leaf.slop;
    if (distances > proximityDistances) {
      throw new QueryBudgetError(
        'proximityDistances',
        `proximity phrases may compare at most ${proximityDistances} word distances, (words - 1) x N for each "..."~N added up; here they compare ${distances}. Use fewer words or a smaller N.`,
        leaf.position,
      );
    }
  }
}
