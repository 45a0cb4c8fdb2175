import type { Db } from '@patentscout/db';
import { QueryTooComplexError, SearchTimedOutError } from '../query/errors.js';
import type { CompiledQuery } from './compile.js';
import { QUERY_BUDGET } from './plan.js';
import type { WildcardWords } from './wildcards.js';

/**
 * The engine's half of the query budget (ADR 0111): what only data can tell, checked before the
 * search's statement is sent. The shared parser has refused the rest already.
 */

/** Refuses a query whose wildcard words fit more vocabulary words together than a search may read. */
export function checkWildcardBudget(words: WildcardWords): void {
  const fitting = [...words.values()].reduce(
    (sum, expansion) => sum + (expansion.broad ? 0 : expansion.exact.length + expansion.conflated.length),
    0,
  );
  if (fitting > QUERY_BUDGET.wildcardWords) {
    throw new QueryTooComplexError(
      `The query's wildcard words fit ${fitting.toLocaleString('en')} words together; a search may read at most ${QUERY_BUDGET.wildcardWords.toLocaleString('en')}. Add letters to the wildcard words, or use fewer of them.`,
      'wildcardWords',
      QUERY_BUDGET.wildcardWords,
    );
  }
}

/** Refuses a compiled query whose statement would be larger than a search may send. */
export function checkStatementBudget(db: Db, compiled: CompiledQuery): void {
  const parts = [compiled.where, ...(compiled.rankQuery ? [compiled.rankQuery] : [])].map((part) =>
    part.compile(db),
  );
  const parameters = parts.reduce((sum, part) => sum + part.parameters.length, 0);
  // The text sent: the SQL and its parameters' values (a proximity's tsquery is one long value).
  const characters = parts.reduce(
    (sum, part) =>
      sum +
      part.sql.length +
      part.parameters.reduce<number>(
        (size, value) => size + (typeof value === 'string' ? value.length : 8),
        0,
      ),
    0,
  );
  const { statementParameters, statementCharacters } = QUERY_BUDGET;
  if (parameters > statementParameters || characters > statementCharacters) {
    throw new QueryTooComplexError(
      `This query is too large to search: its statement would have ${parameters.toLocaleString('en')} parts (at most ${statementParameters.toLocaleString('en')}) and ${characters.toLocaleString('en')} characters (at most ${statementCharacters.toLocaleString('en')}). Use fewer terms, fewer or shorter proximity phrases, or fewer wildcard words.`,
      parameters > statementParameters ? 'statementParameters' : 'statementCharacters',
      parameters > statementParameters ? statementParameters : statementCharacters,
    );
  }
}

/** Postgres' code for a statement cancelled by its `statement_timeout`. */
export const QUERY_CANCELED = '57014';

/**
 * A search's work, a statement of it cancelled past its allowance (`timeoutMs`, the search
 * connections' `statement_timeout`) answered as SEARCH_TIMED_OUT.
 */
export async function cancelledAsTimedOut<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === QUERY_CANCELED)
      throw new SearchTimedOutError(timeoutMs);
    throw error;
  }
}
