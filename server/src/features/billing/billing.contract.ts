import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@patentscout/db';

export type EventOutcome = 'applied' | 'ignored' | 'unmatched' | 'dropped';

export interface OpenCheckout {
  sessionId: string;
  url: string | null;
  expiresAt: Date | null;
}

export interface ReconciliationRun {
  startedAt: Date;
  finishedAt: Date | null;
  checked: number;
  fixes: Record<string, number>;
  error: string | null;
}

/** A provider event as billing records it: once, with what became of it. */
export interface RecordedEvent {
  id: string;
  type: string;
  outcome: EventOutcome;
  subscriptionId?: string | null;
  customerId?: string | null;
}

/** The billing's SQL: customers, checkouts, the provider's events and the reconciliations. */
export interface BillingRepo {
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  customerOf(uid: string): Promise<string | undefined>;
  accountOfCustomer(customerId: string, executor?: Kysely<Database>): Promise<string | undefined>;
  /** Keeps the first customer stored for the account; answers the one it has. */
  keepCustomer(uid: string, customerId: string): Promise<string>;
  openCheckout(uid: string): Promise<OpenCheckout | undefined>;
  openCheckoutsOf(uids: readonly string[]): Promise<string[]>;
  /** Stores a new open checkout; false when the account has one open already (a race elsewhere won). */
  saveCheckout(checkout: {
    sessionId: string;
    uid: string;
    url: string | null;
    expiresAt: Date | null;
  }): Promise<boolean>;
  closeCheckout(
    sessionId: string,
    status: 'complete' | 'expired',
    executor?: Kysely<Database>,
  ): Promise<void>;
  /**
   * Records an event as processed, with what became of it; false when it already was (a replay
   * or a concurrent duplicate), in which case the caller's transaction changes nothing.
   */
  recordEvent(executor: Kysely<Database>, event: RecordedEvent): Promise<boolean>;
  isRecorded(eventId: string): Promise<boolean>;
  /**
   * Events whose subscription or customer was unknown when they came, least recently tried
   * first: a run's share never sticks to the same ones.
   */
  unmatchedEvents(limit: number): Promise<
    {
      type: string;
      id: string;
      subscription_id: string | null;
      customer_id: string | null;
    }[]
  >;
  /** Waiting events that arrived more than `days` ago are dropped; how many. */
  dropUnmatchedEventsOlderThan(days: number): Promise<number>;
  settleEvent(eventId: string, outcome: EventOutcome): Promise<void>;
  countUnmatched(): Promise<number>;
  startReconciliation(trigger: string): Promise<string>;
  finishReconciliation(
    id: string,
    result: {
      checked: number;
      fixes: Record<string, number>;
      error: string | null;
    },
  ): Promise<void>;
  /** The latest finished reconciliation that started at or after `since` (any, without it). */
  lastReconciliation(since?: Date): Promise<ReconciliationRun | undefined>;
  /** The purge of closed accounts: their customer link and checkouts go. */
  purge(uids: readonly string[]): Promise<void>;
}
