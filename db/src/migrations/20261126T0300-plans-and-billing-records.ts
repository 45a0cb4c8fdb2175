import { sql, type Kysely } from 'kysely';

/**
 * The plan gets tables of its own, and billing its records (ADR 0108):
 * - `plan_subscriptions`: one row per provider subscription (keyed by its id), with its status,
 *   period, end and the event that set it; `plan_subscription_changes` is their history. Both
 *   belong to the plans module, the only reader of the provider's status.
 * - `billing_customers` (the account's provider customer) and `billing_checkouts` (checkout
 *   sessions, so that an open one is reused) belong to billing; `stripe_events` says what became
 *   of each event (an event for an unknown subscription waits for the reconciliation), and
 *   `billing_reconciliations` keeps each reconciliation's figures.
 * The `users` columns that held all this are copied over and dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plan_subscriptions')
    .addColumn('subscription_id', 'text', (col) => col.primaryKey())
    .addColumn('user_uid', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at', 'timestamptz')
    .addColumn('duplicate_of', 'text')
    .addColumn('set_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX plan_subscriptions_user_idx ON plan_subscriptions (user_uid)`.execute(db);

  await db.schema
    .createTable('plan_subscription_changes')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('subscription_id', 'text', (col) => col.notNull())
    .addColumn('user_uid', 'text')
    .addColumn('change', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('previous_status', 'text')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at', 'timestamptz')
    .addColumn('set_by', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX plan_subscription_changes_at_idx ON plan_subscription_changes (changed_at)`.execute(
    db,
  );
  await sql`CREATE INDEX plan_subscription_changes_subscription_idx ON plan_subscription_changes (subscription_id)`.execute(
    db,
  );

  await db.schema
    .createTable('billing_customers')
    .addColumn('user_uid', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('billing_checkouts')
    .addColumn('session_id', 'text', (col) => col.primaryKey())
    .addColumn('user_uid', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`status IN ('open', 'complete', 'expired')`),
    )
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One open checkout per account: a second process that raced to create one keeps the first's.
  await sql`CREATE UNIQUE INDEX billing_checkouts_one_open_idx ON billing_checkouts (user_uid) WHERE status = 'open'`.execute(
    db,
  );

  await db.schema
    .alterTable('stripe_events')
    .addColumn('outcome', 'text', (col) => col.notNull().defaultTo('applied'))
    .addColumn('subscription_id', 'text')
    .addColumn('customer_id', 'text')
    .addColumn('retried_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX stripe_events_unmatched_idx ON stripe_events (processed_at) WHERE outcome = 'unmatched'`.execute(
    db,
  );

  await db.schema
    .createTable('billing_reconciliations')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('checked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('fixes', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('error', 'text')
    .execute();

  await sql`
    INSERT INTO billing_customers (user_uid, customer_id)
    SELECT uid, stripe_customer_id FROM users WHERE stripe_customer_id IS NOT NULL`.execute(db);
  await sql`
    INSERT INTO plan_subscriptions
      (subscription_id, user_uid, customer_id, status, current_period_end, cancel_at, set_by)
    SELECT stripe_subscription_id, uid, stripe_customer_id, subscription_status,
           subscription_period_end, subscription_cancel_at, 'migration'
    FROM users
    WHERE stripe_subscription_id IS NOT NULL AND stripe_customer_id IS NOT NULL
      AND subscription_status IS NOT NULL`.execute(db);
  await sql`
    INSERT INTO plan_subscription_changes
      (subscription_id, user_uid, change, status, current_period_end, cancel_at, set_by)
    SELECT subscription_id, user_uid, 'recorded', status, current_period_end, cancel_at, set_by
    FROM plan_subscriptions`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('subscription_status')
    .dropColumn('stripe_customer_id')
    .dropColumn('stripe_subscription_id')
    .dropColumn('subscription_period_end')
    .dropColumn('subscription_cancel_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('subscription_status', 'text')
    .addColumn('stripe_customer_id', 'text', (col) => col.unique())
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('subscription_period_end', 'timestamptz')
    .addColumn('subscription_cancel_at', 'timestamptz')
    .execute();
  await sql`
    UPDATE users u SET stripe_customer_id = c.customer_id
    FROM billing_customers c WHERE c.user_uid = u.uid`.execute(db);
  await sql`
    UPDATE users u SET stripe_subscription_id = p.subscription_id, subscription_status = p.status,
           subscription_period_end = p.current_period_end, subscription_cancel_at = p.cancel_at
    FROM (SELECT DISTINCT ON (user_uid) * FROM plan_subscriptions
          ORDER BY user_uid, duplicate_of IS NOT NULL, updated_at DESC) p
    WHERE p.user_uid = u.uid`.execute(db);
  await db.schema.dropTable('billing_reconciliations').ifExists().execute();
  await sql`DROP INDEX IF EXISTS stripe_events_unmatched_idx`.execute(db);
  await db.schema
    .alterTable('stripe_events')
    .dropColumn('outcome')
    .dropColumn('subscription_id')
    .dropColumn('customer_id')
    .dropColumn('retried_at')
    .execute();
  await db.schema.dropTable('billing_checkouts').ifExists().execute();
  await db.schema.dropTable('billing_customers').ifExists().execute();
  await db.schema.dropTable('plan_subscription_changes').ifExists().execute();
  await db.schema.dropTable('plan_subscriptions').ifExists().execute();
}
