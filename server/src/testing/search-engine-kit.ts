import { afterAll, beforeAll } from 'vitest';
import type { Db } from '@patentscout/db';
import { insertPatents, type PatentFixture } from './patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from './test-db.js';
import { advancedSearch, type SearchCorpus } from '../features/search/engine/advanced.js';
import type { CompiledQuery } from '../features/search/engine/compile.js';
import type { SearchFilters } from '../features/search/engine/filters.js';
import { naturalSearch, type SearchCorpusShares } from '../features/search/engine/natural.js';
import {
  CANDIDATE_BUDGET,
  COUNTING,
  SEARCH_STATEMENT_TIMEOUT_MS,
  type CountingTuning,
  type OrderedScanTuning,
} from '../features/search/engine/plan.js';
import { createSearchDb } from '../features/search/engine/row-order.js';
import { lexemesOf, type WeightedLexeme } from '../features/search/engine/words.js';

/**
 * The engine's parts with their inputs given directly (the words' rarities, the corpus figures,
 * the tuning), for the engine's own tests; `db` defaults to an engine connection pool.
 */
export function engineParts(
  connection: { url: string } | { db: Db },
  tuning?: OrderedScanTuning,
  counting: CountingTuning = COUNTING,
) {
  const db =
    'db' in connection
      ? connection.db
      : createSearchDb(connection.url, {
          maxConnections: 2,
          statementTimeoutMs: SEARCH_STATEMENT_TIMEOUT_MS,
        });
  const budget = (maxResults: number) => Math.max(CANDIDATE_BUDGET, maxResults);
  return {
    lexemes: (text: string) => lexemesOf(db, text),
    natural: (
      terms: WeightedLexeme[],
      filters: SearchFilters,
      maxResults: number,
      shares?: SearchCorpusShares,
      /** How much the text names a subject (ADR 0190); none by default. */
      subject = 0,
    ) =>
      naturalSearch(
        db,
        { terms, filters, maxResults, budget: budget(maxResults), counting, subject },
        shares,
      ),
    advanced: (compiled: CompiledQuery, filters: SearchFilters, maxResults: number, corpus: SearchCorpus) =>
      advancedSearch(
        db,
        { compiled, filters, maxResults, budget: budget(maxResults), counting },
        corpus,
        tuning,
      ),
    close: async () => {
      if (!('db' in connection)) await db.destroy();
    },
  };
}

export type EngineParts = ReturnType<typeof engineParts>;

/**
 * A test file's own database holding `rows`, with the engine's parts over it: created before the
 * file's tests and dropped after them.
 */
export function engineTestCorpus(rows: PatentFixture[]): {
  readonly database: TestDatabase;
  readonly parts: EngineParts;
} {
  let database: TestDatabase | undefined;
  let parts: EngineParts | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    parts = engineParts({ url: database.url });
    await insertPatents(database.db, rows);
  });
  afterAll(async () => {
    await parts?.close();
    await database?.drop();
  });
  return {
    get database() {
      if (!database) throw new Error('the test corpus is created in beforeAll');
      return database;
    },
    get parts() {
      if (!parts) throw new Error('the test corpus is created in beforeAll');
      return parts;
    },
  };
}
