import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/client.js';
import type { Database } from '../../db/tables.js';

export interface BillingAccountRow {
  uid: string;
  email: string;
  name: string;
  subscription_status: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  subscription_period_end: Date | null;
  subscription_cancel_at: Date | null;
  deleted_at: Date | null;
}

const COLUMNS = [
  'uid',
  'email',
  'name',
  'subscription_status',
  'stripe_customer_id',
  'stripe_subscription_id',
  'subscription_period_end',
  'subscription_cancel_at',
  'deleted_at',
] as const;

export function createBillingRepo(db: Db) {
  return {
    async find(uid: string): Promise<BillingAccountRow | undefined> {
      return db
        .selectFrom('users')
        .select(COLUMNS)
        .where('uid', '=', uid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Keeps the first customer stored for the account; answers the one it has. */
    async keepCustomer(uid: string, customerId: string): Promise<string> {
      await db
        .updateTable('users')
        .set({ stripe_customer_id: customerId })
        .where('uid', '=', uid)
        .where('stripe_customer_id', 'is', null)
        .execute();
      const row = await db
        .selectFrom('users')
        .select('stripe_customer_id')
        .where('uid', '=', uid)
        .executeTakeFirstOrThrow();
      return row.stripe_customer_id!;
    },

    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** Records an event as processed; false when it already was (a replay or a duplicate). */
    async recordEvent(trx: Kysely<Database>, id: string, type: string): Promise<boolean> {
      const inserted = await trx
        .insertInto('stripe_events')
        .values({ id, type })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** The account, locked until the transaction ends. */
    async lockByUid(trx: Kysely<Database>, uid: string): Promise<BillingAccountRow | undefined> {
      return trx.selectFrom('users').select(COLUMNS).where('uid', '=', uid).forUpdate().executeTakeFirst();
    },

    async lockByCustomer(trx: Kysely<Database>, customerId: string): Promise<BillingAccountRow | undefined> {
      return trx
        .selectFrom('users')
        .select(COLUMNS)
        .where('stripe_customer_id', '=', customerId)
        .forUpdate()
        .executeTakeFirst();
    },

    async saveSubscription(
      trx: Kysely<Database>,
      uid: string,
      subscription: { id: string; status: string; periodEnd: Date | null; cancelAt: Date | null },
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          stripe_subscription_id: subscription.id,
          subscription_status: subscription.status,
          subscription_period_end: subscription.periodEnd,
          subscription_cancel_at: subscription.cancelAt,
          updated_at: sql`now()`,
        })
        .where('uid', '=', uid)
        .execute();
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
