import { sql, type Kysely } from 'kysely';

/**
 * The allowance's reservation as one call (ADR 0127): the per-user advisory lock, the free-repeat
 * check, the month's count and the insert, in a PL/pgSQL function. Run as one statement it costs
 * one round trip where the transaction took six (BEGIN, the lock, two reads, the insert, COMMIT).
 * Each statement inside a function takes a snapshot of its own under READ COMMITTED, so the reads
 * after the lock see every reservation committed before it was granted: the race tests'
 * guarantee (never a search past the allowance) holds as it did with the explicit transaction.
 * The lock is transaction-scoped: held until the calling statement's own transaction ends.
 *
 * Answers `id` null with `refused` false for a free repeat, `refused` true when the month's uses
 * (counted up to `count_at_most`) are more than `refuse_above` (null: never refused), and the new
 * event's id otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION reserve_search_use(
      use_uid text, use_kind text, use_query text, use_request jsonb, use_search_key text,
      month_start timestamptz, repeat_since timestamptz, count_at_most int, refuse_above int,
      OUT id bigint, OUT refused boolean)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      used int;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('search-allowance:' || use_uid, 0));
      refused := false;
      IF use_search_key IS NOT NULL AND EXISTS (
        SELECT 1 FROM search_events e
        WHERE e.user_uid = use_uid AND e.search_key = use_search_key AND e.created_at >= repeat_since
      ) THEN
        RETURN;
      END IF;
      SELECT count(*) INTO used FROM (
        SELECT 1 FROM search_events e
        WHERE e.user_uid = use_uid AND e.created_at >= month_start
        LIMIT count_at_most
      ) month_uses;
      IF refuse_above IS NOT NULL AND used > refuse_above THEN
        refused := true;
        RETURN;
      END IF;
      INSERT INTO search_events (user_uid, kind, query, result_count, request, search_key)
      VALUES (use_uid, use_kind, use_query, 0, use_request, use_search_key)
      RETURNING search_events.id INTO id;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS reserve_search_use(text, text, text, jsonb, text, timestamptz, timestamptz, int, int)`.execute(
    db,
  );
}
