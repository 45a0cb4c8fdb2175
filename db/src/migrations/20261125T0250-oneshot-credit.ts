import type { Kysely } from 'kysely';

/**
 * A one-shot request remembers the search event that charged its credit, so that a request
 * that fails for good gives it back. The event is deleted then, so the link does not hold it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oneshot_requests').addColumn('credit_event_id', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oneshot_requests').dropColumn('credit_event_id').execute();
}
