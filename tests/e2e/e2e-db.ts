import pg from 'pg';
import { E2E_DATABASE_URL } from './e2e-env.js';

/** Runs SQL against the end-to-end app's database (what a test arranges or checks beside the browser). */
export async function sql<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    return (await database.query<Row>(text, values)).rows;
  } finally {
    await database.end();
  }
}

/** The user's searches this month, as the allowance counts them. */
export async function searchesThisMonth(email: string): Promise<number> {
  const rows = await sql<{ count: number }>(
    `SELECT count(*)::int AS count FROM search_events e JOIN users u ON u.uid = e.user_uid
      WHERE u.email = $1 AND e.created_at >= date_trunc('month', now())`,
    [email],
  );
  return rows[0]!.count;
}

/** Uses up the month's free searches (and one more) as searches the user already ran: the account is limited. */
export async function useUpFreeSearches(email: string): Promise<void> {
  await sql(
    `INSERT INTO search_events (user_uid, kind, query, result_count, created_at)
     SELECT uid, 'ai', 'an earlier search number ' || n, 1, now()
       FROM users, generate_series(1, 21) AS n WHERE email = $1`,
    [email],
  );
}
