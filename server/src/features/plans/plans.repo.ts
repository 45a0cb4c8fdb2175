import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { selectOne, type Db, type Database, type PlanSubscriptionsTable } from '@patentscout/db';
import { freePlan } from './free-plan.js';
import { ACTIVE_STATUSES, ENDED_STATUSES, type PlanChange } from './plan-status.js';

export type PlanSubscriptionRow = Selectable<PlanSubscriptionsTable>;
/** The database, or a transaction of the caller's (billing records an event and its effect together). */
export type Executor = Kysely<Database>;

export interface SubscriptionRecord {
  subscriptionId: string;
  uid: string;
  customerId: string;
  status: string;
  startedAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  duplicateOf: string | null;
  setBy: string;
}

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`));

/** The plan's own tables: one row per provider subscription, and the history of their changes. */
export interface PlansRepo {
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T>;
  /**
   * Serialises the changes of one account's subscriptions until the caller's transaction ends:
   * recording one (so that a second one is told apart) and the purge that removes them.
   */
  lockAccount(executor: Executor, uid: string): Promise<void>;
  subscriptionsOf(uid: string, executor?: Executor): Promise<PlanSubscriptionRow[]>;
  /** Writes the subscription's state and one line of its history. */
  save(
    executor: Executor,
    record: SubscriptionRecord,
    history: {
      change: PlanChange;
      previousStatus: string | null;
    },
  ): Promise<void>;
  /** Subscriptions the provider may still charge for (the reconciliation checks each). */
  chargeable(): Promise<PlanSubscriptionRow[]>;
  /** Second subscriptions of an account that are not ended yet (to cancel and refund). */
  duplicatesStillCharging(uid?: string): Promise<PlanSubscriptionRow[]>;
  accountOfSubscription(subscriptionId: string, executor?: Executor): Promise<string | undefined>;
  /**
   * The purge of closed accounts: their subscriptions go; their history stays, anonymous. Under
   * each account's lock (taken in one order, so two purges cannot deadlock), so that a
   * subscription being recorded meanwhile is either kept before and removed here, or finds the
   * account gone once this commits.
   */
  purge(uids: readonly string[]): Promise<void>;
}

/** The plan's own tables: one row per provider subscription, and the history of their changes. */
export function createPlansRepo(db: Db): PlansRepo {
  return {
    transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /**
     * Serialises the changes of one account's subscriptions until the caller's transaction ends:
     * recording one (so that a second one is told apart) and the purge that removes them.
     */
    async lockAccount(executor: Executor, uid: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`plan:${uid}`}, 0))`.execute(executor);
    },

    subscriptionsOf(uid: string, executor: Executor = db): Promise<PlanSubscriptionRow[]> {
      return executor.selectFrom('plan_subscriptions').selectAll().where('user_uid', '=', uid).execute();
    },

    /** Writes the subscription's state and one line of its history. */
    async save(
      executor: Executor,
      record: SubscriptionRecord,
      history: { change: PlanChange; previousStatus: string | null },
    ): Promise<void> {
      const values = {
        user_uid: record.uid,
        customer_id: record.customerId,
        status: record.status,
        started_at: record.startedAt,
        current_period_end: record.currentPeriodEnd,
        cancel_at: record.cancelAt,
        duplicate_of: record.duplicateOf,
        set_by: record.setBy,
      };
      await executor
        .insertInto('plan_subscriptions')
        .values({ subscription_id: record.subscriptionId, ...values })
        .onConflict((conflict) =>
          conflict.column('subscription_id').doUpdateSet({ ...values, updated_at: sql`now()` }),
        )
        .execute();
      await executor
        .insertInto('plan_subscription_changes')
        .values({
          subscription_id: record.subscriptionId,
          user_uid: record.uid,
          change: history.change,
          status: record.status,
          previous_status: history.previousStatus,
          current_period_end: record.currentPeriodEnd,
          cancel_at: record.cancelAt,
          set_by: record.setBy,
        })
        .execute();
    },

    /** Subscriptions the provider may still charge for (the reconciliation checks each). */
    chargeable(): Promise<PlanSubscriptionRow[]> {
      return db
        .selectFrom('plan_subscriptions')
        .selectAll()
        .where(sql<boolean>`status NOT IN (${list(ENDED_STATUSES)})`)
        .execute();
    },

    /** Second subscriptions of an account that are not ended yet (to cancel and refund). */
    duplicatesStillCharging(uid?: string): Promise<PlanSubscriptionRow[]> {
      let query = db
        .selectFrom('plan_subscriptions')
        .selectAll()
        .where('duplicate_of', 'is not', null)
        .where(sql<boolean>`status NOT IN (${list(ENDED_STATUSES)})`);
      if (uid !== undefined) query = query.where('user_uid', '=', uid);
      return query.execute();
    },

    async accountOfSubscription(
      subscriptionId: string,
      executor: Executor = db,
    ): Promise<string | undefined> {
      const row = await selectOne(executor, 'plan_subscriptions', ['user_uid'], {
        subscription_id: subscriptionId,
      });
      return row?.user_uid;
    },

    /**
     * The purge of closed accounts: their subscriptions go; their history stays, anonymous. Under
     * each account's lock (taken in one order, so two purges cannot deadlock), so that a
     * subscription being recorded meanwhile is either kept before and removed here, or finds the
     * account gone once this commits.
     */
    async purge(uids: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const uid of [...uids].sort()) await this.lockAccount(trx, uid);
        await trx
          .deleteFrom('plan_subscriptions')
          .where('user_uid', 'in', [...uids])
          .execute();
        await trx
          .updateTable('plan_subscription_changes')
          .set({ user_uid: null })
          .where('user_uid', 'in', [...uids])
          .execute();
      });
    },
  };
}

/**
 * Read-only SQL over the plan's tables for other features' reports (the analytics), so that what
 * "subscribed" means stays here.
 */
export const planReports = {
  /** `user_uid` of every account on the Discover plan now (a paid subscription). */
  subscribedAccounts(): RawBuilder<{ user_uid: string }> {
    return sql`SELECT user_uid FROM plan_subscriptions
      WHERE duplicate_of IS NULL AND status IN (${list(ACTIVE_STATUSES)})`;
  },

  /**
   * `user_uid` of every account limited by the free plan's rule over the searches of [monthStart,
   * to): its count from `limitedFrom` on, without a paid subscription (deleted accounts included).
   */
  freeAccountsAtLimit(
    monthStart: Date,
    to: Date,
    freeSearchesPerMonth: number,
  ): RawBuilder<{ user_uid: string }> {
    return sql`SELECT user_uid FROM search_events WHERE created_at >= ${monthStart} AND created_at < ${to}
      GROUP BY user_uid HAVING count(*) >= ${freePlan(freeSearchesPerMonth).limitedFrom}
      EXCEPT ${planReports.subscribedAccounts()}`;
  },

  /** Subscriptions that started or ended in [from, to): `(changed_at, change)`, change `started` or `cancelled`. */
  startsAndEnds(from: Date, to: Date): RawBuilder<{ changed_at: Date; change: 'started' | 'cancelled' }> {
    return sql`SELECT changed_at, CASE change WHEN 'started' THEN 'started' ELSE 'cancelled' END AS change
      FROM plan_subscription_changes
      WHERE change IN ('started', 'ended') AND changed_at >= ${from} AND changed_at < ${to}`;
  },
};
