import { createBatchWriter } from '../../shared/batch-writer.js';
import type { Clock } from '../../shared/clock.js';
import type { AllowanceRepo, RecentSearchRow, Reservation, UseKind } from './allowance.repo.js';
import { freePlan, isLimited, searchesLeft } from './free-plan.js';
import { SearchLimitReachedError } from './plans.errors.js';

/** How long a repeat of the same search is free. */
const FREE_REPEAT_MS = 24 * 60 * 60 * 1000;

/** A reserved use; for a free repeat (`id` null), since when the repeat's first run counts. */
export interface AllowanceReservation extends Reservation {
  repeatSince: Date;
}

/** Where an account stands in its month: the searches it ran, and what it may still run. */
export interface MonthStanding {
  searchesThisMonth: number;
  limited: boolean;
  /** Searches the allowance still lets through this month; null on an unlimited plan. */
  searchesLeft: number | null;
}

/** The monthly allowance and the one-shot credits (see `createAllowance`). */
export interface Allowance {
  freeSearchesPerMonth: number;
  searchesThisMonth: (uid: string) => Promise<number>;
  monthStanding(searchesThisMonth: number, subscribed: boolean): MonthStanding;
  /** Reserves a search (`searchKey` its identity, for the free repeat); refused when limited. */
  reserveSearch: (
    uid: string,
    search: {
      kind: 'ai' | 'boolean';
      query: string;
      request: unknown;
      searchKey: string;
    },
  ) => Promise<AllowanceReservation>;
  /** A reserved search ran: keeps its result count (Previous Searches shows it), off the answer's path. */
  completeSearch(reservation: Reservation, resultCount: number): void;
  /** Resolves once the result counts kept so far are written (before the server stops). */
  countsWritten: () => Promise<void>;
  /** A reserved search failed: the use goes back. */
  releaseSearch: (reservation: Reservation) => Promise<void>;
  /**
   * Uses one credit for work done later (a one-shot search), refused when limited like a
   * search. Answers the credit's id, which `refundCredit` takes if that work fails for good.
   */
  chargeCredit(
    uid: string,
    use: {
      kind: 'oneshot';
      query: string;
    },
  ): Promise<string>;
  /** Gives back a credit whose work failed for good. */
  refundCredit: (creditId: string) => Promise<void>;
  /** The user's latest AI and advanced searches, newest first. */
  recentSearches(uid: string, limit: number): Promise<RecentSearchRow[]>;
  /** The purge of closed accounts: their ledger goes. */
  purge: (uids: readonly string[]) => Promise<void>;
}

/**
 * The monthly allowance and the one-shot credits: every counted use is reserved here before the
 * work runs (refused once the free uses are spent, unless the plan lifts the limit), completed
 * or released after it. What "limited" means is the free plan's rule (`free-plan.ts`).
 */
export function createAllowance(deps: {
  repo: AllowanceRepo;
  clock: Clock;
  freeSearchesPerMonth: number;
  isSubscribed(uid: string): Promise<boolean>;
  /** Told of result counts that could not be written (the database down for several seconds). */
  onLostCounts?: (error: unknown, lost: number) => void;
}): Allowance {
  const { repo, clock, freeSearchesPerMonth } = deps;
  const plan = freePlan(freeSearchesPerMonth);
  // A search's result count is only shown by Previous Searches: it is written off the answer's
  // path, with the counts of the searches answered meanwhile, and the list waits for it.
  const resultCounts = createBatchWriter<{ id: string; resultCount: number }>({
    write: (completed) => repo.completeMany(completed),
    onError: deps.onLostCounts ?? (() => undefined),
  });

  function startOfMonth(): Date {
    const now = clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  /**
   * Reserves one use before it runs, atomically per user: no concurrency, alias or batching trick
   * gets past the allowance. A search run again within a day is free (reserves nothing).
   */
  async function reserve(
    uid: string,
    use: { kind: UseKind; query: string; request?: unknown; searchKey?: string },
  ): Promise<AllowanceReservation> {
    const repeatSince = new Date(clock.now().getTime() - FREE_REPEAT_MS);
    const subscribed = await deps.isSubscribed(uid);
    const reservation = await repo.reserve(
      { uid, ...use },
      {
        monthStart: startOfMonth(),
        repeatSince,
        // Only whether the account is limited matters here, so the count stops where that begins.
        countAtMost: plan.limitedFrom,
      },
      // Refused above this count: from `limitedFrom` on, the free plan's rule.
      subscribed ? null : plan.limitedFrom - 1,
    );
    if (!reservation) throw new SearchLimitReachedError(freeSearchesPerMonth);
    return { ...reservation, repeatSince };
  }

  return {
    freeSearchesPerMonth,

    searchesThisMonth: (uid: string): Promise<number> => repo.countSince(uid, startOfMonth()),

    monthStanding(searchesThisMonth: number, subscribed: boolean): MonthStanding {
      return {
        searchesThisMonth,
        limited: isLimited(plan, searchesThisMonth, subscribed),
        searchesLeft: searchesLeft(plan, searchesThisMonth, subscribed),
      };
    },

    /** Reserves a search (`searchKey` its identity, for the free repeat); refused when limited. */
    reserveSearch: (
      uid: string,
      search: { kind: 'ai' | 'boolean'; query: string; request: unknown; searchKey: string },
    ): Promise<AllowanceReservation> => reserve(uid, search),

    /** A reserved search ran: keeps its result count (Previous Searches shows it), off the answer's path. */
    completeSearch(reservation: Reservation, resultCount: number): void {
      if (reservation.id !== null) resultCounts.queue({ id: reservation.id, resultCount });
    },

    /** Resolves once the result counts kept so far are written (before the server stops). */
    countsWritten: (): Promise<void> => resultCounts.settled(),

    /** A reserved search failed: the use goes back. */
    releaseSearch: (reservation: Reservation): Promise<void> => repo.release(reservation),

    /**
     * Uses one credit for work done later (a one-shot search), refused when limited like a
     * search. Answers the credit's id, which `refundCredit` takes if that work fails for good.
     */
    async chargeCredit(uid: string, use: { kind: 'oneshot'; query: string }): Promise<string> {
      const reservation = await reserve(uid, use);
      if (reservation.id === null) throw new Error('A one-shot credit is never a free repeat.');
      return reservation.id;
    },

    /** Gives back a credit whose work failed for good. */
    refundCredit: (creditId: string): Promise<void> => repo.release({ id: creditId }),

    async recentSearches(uid: string, limit: number) {
      await resultCounts.settled();
      return repo.recentSearches(uid, limit);
    },

    purge: (uids: readonly string[]) => repo.purge(uids),
  };
}
