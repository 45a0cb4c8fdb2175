import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** The plans and billing tables (migration 20261126T0300-plans-and-billing-records). */

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A timestamp the database fills in (`DEFAULT now()`) unless one is given. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A provider event, processed once; `outcome` says what became of it. */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: DefaultedTimestamp;
  /** applied, ignored, or unmatched (its subscription or customer unknown: the reconciliation retries it). */
  outcome: Generated<'applied' | 'ignored' | 'unmatched' | 'dropped'>;
  subscription_id: string | null;
  customer_id: string | null;
  retried_at: NullableTimestamp;
}

/** A provider subscription as the plans module keeps it (the only reader of `status`). */
export interface PlanSubscriptionsTable {
  subscription_id: string;
  user_uid: string;
  customer_id: string;
  status: string;
  started_at: NullableTimestamp;
  current_period_end: NullableTimestamp;
  cancel_at: NullableTimestamp;
  /** The account's kept subscription, when this one was a second one (cancelled and refunded). */
  duplicate_of: string | null;
  /** What set the row last: a provider event's id, `reconciliation`, `account-closing`, ... */
  set_by: string;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface PlanSubscriptionChangesTable {
  id: GeneratedAlways<string>;
  subscription_id: string;
  /** Null once the account is purged (the history stays for the figures). */
  user_uid: string | null;
  change: string;
  status: string;
  previous_status: string | null;
  current_period_end: NullableTimestamp;
  cancel_at: NullableTimestamp;
  set_by: string;
  changed_at: DefaultedTimestamp;
}

export interface BillingCustomersTable {
  user_uid: string;
  customer_id: string;
  created_at: DefaultedTimestamp;
}

export interface BillingCheckoutsTable {
  session_id: string;
  user_uid: string;
  url: string | null;
  status: Generated<'open' | 'complete' | 'expired'>;
  expires_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
}

export interface BillingReconciliationsTable {
  id: GeneratedAlways<string>;
  trigger: string;
  started_at: DefaultedTimestamp;
  finished_at: NullableTimestamp;
  checked: Generated<number>;
  fixes: ColumnType<Record<string, number>, string | undefined, string>;
  error: string | null;
}

export interface BillingTables {
  stripe_events: StripeEventsTable;
  plan_subscriptions: PlanSubscriptionsTable;
  plan_subscription_changes: PlanSubscriptionChangesTable;
  billing_customers: BillingCustomersTable;
  billing_checkouts: BillingCheckoutsTable;
  billing_reconciliations: BillingReconciliationsTable;
}
