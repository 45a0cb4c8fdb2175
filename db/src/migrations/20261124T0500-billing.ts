import { sql, type Kysely } from 'kysely';

/**
 * Billing: the account's Stripe customer (created once), the subscription it follows and that
 * subscription's period, and the Stripe events already processed (each one exactly once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('stripe_customer_id', 'text', (col) => col.unique())
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('subscription_period_end', 'timestamptz')
    .addColumn('subscription_cancel_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('processed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_events').ifExists().execute();
  await db.schema
    .alterTable('users')
    .dropColumn('stripe_customer_id')
    .dropColumn('stripe_subscription_id')
    .dropColumn('subscription_period_end')
    .dropColumn('subscription_cancel_at')
    .execute();
}
