import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { selectOne, type Db, type Database } from '@patentscout/db';
import type {
  EventOutcome,
  OpenCheckout,
  ReconciliationRun,
  BillingRepo,
  RecordedEvent,
} from './billing.contract.js';

/**
 * Billing's own records: the account's provider customer, its checkout sessions, the provider
 * events processed (each once, with what became of it) and the reconciliations' runs.
 */
export function createBillingRepo(db: Db): BillingRepo {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async customerOf(uid: string): Promise<string | undefined> {
      return (await selectOne(db, 'billing_customers', ['customer_id'], { user_uid: uid }))?.customer_id;
    },

    async accountOfCustomer(
      customerId: string,
      executor: Kysely<Database> = db,
    ): Promise<string | undefined> {
      return (await selectOne(executor, 'billing_customers', ['user_uid'], { customer_id: customerId }))
        ?.user_uid;
    },

    /** Keeps the first customer stored for the account; answers the one it has. */
    async keepCustomer(uid: string, customerId: string): Promise<string> {
      await db
        .insertInto('billing_customers')
        .values({ user_uid: uid, customer_id: customerId })
        .onConflict((conflict) => conflict.column('user_uid').doNothing())
        .execute();
      return (await this.customerOf(uid))!;
    },

    async openCheckout(uid: string): Promise<OpenCheckout | undefined> {
      const row = await db
        .selectFrom('billing_checkouts')
        .select(['session_id', 'url', 'expires_at'])
        .where('user_uid', '=', uid)
        .where('status', '=', 'open')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row ? { sessionId: row.session_id, url: row.url, expiresAt: row.expires_at } : undefined;
    },

    async openCheckoutsOf(uids: readonly string[]): Promise<string[]> {
      const rows = await db
        .selectFrom('billing_checkouts')
        .select('session_id')
        .where('user_uid', 'in', [...uids])
        .where('status', '=', 'open')
        .execute();
      return rows.map((row) => row.session_id);
    },

    /** Stores a new open checkout; false when the account has one open already (a race elsewhere won). */
    async saveCheckout(checkout: {
      sessionId: string;
      uid: string;
      url: string | null;
      expiresAt: Date | null;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('billing_checkouts')
        .values({
          session_id: checkout.sessionId,
          user_uid: checkout.uid,
          url: checkout.url,
          expires_at: checkout.expiresAt,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('session_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async closeCheckout(
      sessionId: string,
      status: 'complete' | 'expired',
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .updateTable('billing_checkouts')
        .set({ status, url: null })
        .where('session_id', '=', sessionId)
        .execute();
    },

    /**
     * Records an event as processed, with what became of it; false when it already was (a replay
     * or a concurrent duplicate), in which case the caller's transaction changes nothing.
     */
    async recordEvent(executor: Kysely<Database>, event: RecordedEvent): Promise<boolean> {
      const inserted = await executor
        .insertInto('stripe_events')
        .values({
          id: event.id,
          type: event.type,
          outcome: event.outcome,
          subscription_id: event.subscriptionId ?? null,
          customer_id: event.customerId ?? null,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async isRecorded(eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom('stripe_events')
        .select('id')
        .where('id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Events whose subscription or customer was unknown when they came, least recently tried
     * first: a run's share never sticks to the same ones.
     */
    unmatchedEvents(limit: number) {
      return db
        .selectFrom('stripe_events')
        .select(['id', 'type', 'subscription_id', 'customer_id'])
        .where('outcome', '=', 'unmatched')
        .orderBy(sql`coalesce(retried_at, processed_at)`)
        .limit(limit)
        .execute();
    },

    /** Waiting events that arrived more than `days` ago are dropped; how many. */
    async dropUnmatchedEventsOlderThan(days: number): Promise<number> {
      const result = await db
        .updateTable('stripe_events')
        .set({ outcome: 'dropped', retried_at: sql`now()` })
        .where('outcome', '=', 'unmatched')
        .where(sql<SqlBool>`processed_at < now() - make_interval(days => ${days})`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async settleEvent(eventId: string, outcome: EventOutcome): Promise<void> {
      await db
        .updateTable('stripe_events')
        .set({ outcome, retried_at: sql`now()` })
        .where('id', '=', eventId)
        .execute();
    },

    async countUnmatched(): Promise<number> {
      const row = await db
        .selectFrom('stripe_events')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('outcome', '=', 'unmatched')
        .executeTakeFirstOrThrow();
      return row.count;
    },

    async startReconciliation(trigger: string): Promise<string> {
      const row = await db
        .insertInto('billing_reconciliations')
        .values({ trigger })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },

    async finishReconciliation(
      id: string,
      result: { checked: number; fixes: Record<string, number>; error: string | null },
    ): Promise<void> {
      await db
        .updateTable('billing_reconciliations')
        .set({
          finished_at: sql`now()`,
          checked: result.checked,
          fixes: JSON.stringify(result.fixes),
          error: result.error,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The latest finished reconciliation that started at or after `since` (any, without it). */
    async lastReconciliation(since?: Date): Promise<ReconciliationRun | undefined> {
      let query = db
        .selectFrom('billing_reconciliations')
        .select(['started_at', 'finished_at', 'checked', 'fixes', 'error'])
        .where('finished_at', 'is not', null);
      if (since) query = query.where('started_at', '>=', since);
      const row = await query.orderBy('finished_at', 'desc').limit(1).executeTakeFirst();
      return row
        ? {
            startedAt: row.started_at,
            finishedAt: row.finished_at,
            checked: row.checked,
            fixes: row.fixes,
            error: row.error,
          }
        : undefined;
    },

    /** The purge of closed accounts: their customer link and checkouts go. */
    async purge(uids: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('billing_checkouts')
          .where('user_uid', 'in', [...uids])
          .execute();
        await trx
          .deleteFrom('billing_customers')
          .where('user_uid', 'in', [...uids])
          .execute();
      });
    },
  };
}
