import pLimit from 'p-limit';
import type { FeatureDeps } from '../feature-module.js';
import type { SearchPriority } from './engine/index.js';
import { createSearchSlots, type SearchSlotsOptions } from './search-slots.js';
import type { SearchFeatureSettings } from './search.settings.js';

/**
 * The yielding connections (ADR 0123), whose Postgres backends run at a low CPU priority
 * (`SEARCH_YIELDING_NICENESS`, the lowest by default), so that a user's searches beyond their
 * first take only the CPU nobody else's work wants. Four: two users' worth of extra turns at
 * once, all users together; more wait for a connection.
 */
const YIELDING_CONNECTIONS = 4;

/**
 * When a search's work runs, and on which connections: the one place that decides it (ADR 0159).
 * - Turns, per user (ADR 0112): at most two searches run, four more wait in order, the next is
 *   refused (SEARCHES_IN_PROGRESS) after a pause (ADR 0126), as early as the HTTP layer knows the
 *   caller.
 * - Yielding (ADR 0123): a search beside the user's others runs on the yielding connections.
 * - Concurrency (ADR 0124): beyond `concurrency` searches on the ordinary connections, all users
 *   together, a search waits in order before its first statement; the yielding connections cap
 *   their own searches.
 */
export interface SearchAdmission {
  /** Refuses, as `inTurn` would, a user with every turn taken and no room left to wait. */
  refuseWhenFull(uid: string): Promise<void>;
  /**
   * Runs `work` in one of the user's turns, at the priority the turn gives it; the product's own
   * work (no user) takes no turn and runs at the normal priority.
   */
  inTurn<T>(uid: string | null, work: (priority: SearchPriority) => Promise<T>): Promise<T>;
  /** Runs a search on the ordinary connections once fewer than `concurrency` run there. */
  onOrdinaryConnections<T>(search: () => Promise<T>): Promise<T>;
}

export function createSearchAdmission(
  options: {
    /** Searches at once on the ordinary connections, all users together (unlimited without it). */
    concurrency?: number;
    /** The per-user turns' limits (the product's by default; tests narrow them). */
    turns?: Partial<SearchSlotsOptions>;
  } = {},
): SearchAdmission {
  const slots = createSearchSlots(options.turns);
  // Eight ranking statements at once on two cores cost each three times the CPU of two or four
  // at once (ADR 0124): beyond the cores' worth, a search waits here rather than in Postgres.
  const ordinary = options.concurrency ? pLimit(options.concurrency) : undefined;
  return {
    refuseWhenFull: (uid) => slots.refuseWhenFull(uid),
    inTurn: (uid, work) =>
      uid === null ? work('normal') : slots.run(uid, (turn) => work(turn.crowded ? 'yielding' : 'normal')),
    onOrdinaryConnections: (search) => (ordinary ? ordinary(search) : search()),
  };
}

/**
 * The yielding connections the engine opens, when this server may have them: only the embedded
 * Postgres's backends are processes of this machine that the server may renice; an external
 * database's are not. Never routed: they reach the primary.
 */
export function yieldingConnections(
  deps: Pick<FeatureDeps, 'reads' | 'logger'>,
  settings: Pick<SearchFeatureSettings, 'search' | 'embeddedDatabase'>,
) {
  const { embeddedDatabase, search } = settings;
  if (!embeddedDatabase || search.yieldingNiceness <= 0) return undefined;
  return {
    connectionString: deps.reads.primaryUrl,
    connections: YIELDING_CONNECTIONS,
    niceness: search.yieldingNiceness,
    onRefused: (error: Error) =>
      deps.logger.warn(`a search connection kept its CPU priority: ${error.message}`),
  };
}
