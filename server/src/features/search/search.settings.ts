import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { EmbeddingsEndpoint } from '@patentscout/db';
import { defineSettings, type SettingsOf } from '../../shared/settings.js';

export const searchSettings = defineSettings({
  env: {
    SEARCH_MAX_RESULTS: z.coerce.number().int().min(1).max(5000).default(500),
    SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).optional(),
    SEARCH_YIELDING_NICENESS: z.coerce.number().int().min(0).max(19).default(19),
    SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  },
  read: (vars) => ({
    search: {
      maxResults: vars.SEARCH_MAX_RESULTS,
      /** How long one statement of a search may run; unset, the engine's own allowance. */
      ...(vars.SEARCH_STATEMENT_TIMEOUT_MS ? { statementTimeoutMs: vars.SEARCH_STATEMENT_TIMEOUT_MS } : {}),
      /**
       * The CPU priority (as `nice`) of the embedded Postgres's backends that run a user's searches
       * beyond their first at once (ADR 0123); 0 turns the yielding connections off.
       */
      yieldingNiceness: vars.SEARCH_YIELDING_NICENESS,
      /**
       * Searches whose statements run at once on the engine's ordinary connections; the others wait
       * their turn, first come first served (ADR 0124). Twice the machine's cores unless set.
       */
      concurrency: vars.SEARCH_CONCURRENCY ?? 2 * availableParallelism(),
    },
  }),
});

export type SearchSettings = SettingsOf<typeof searchSettings>['search'];

/** What the search feature reads of the configuration: its own settings, and two of other parts. */
export interface SearchFeatureSettings {
  search: SearchSettings;
  /**
   * The database is the embedded Postgres: its backends are processes of this machine, which the
   * server may renice for the yielding connections (ADR 0123); an external database's are not.
   */
  embeddedDatabase: boolean;
  /** The OpenAI-compatible embeddings endpoint for query vectors, when one is configured (ADR 0164). */
  embeddings: EmbeddingsEndpoint | null;
}
