import type PgBoss from 'pg-boss';
import { z } from 'zod';

/**
 * Runs left `active` by a process that is gone hold a `stately` queue until they expire (ADR
 * 0170). Two ways out, both on pg-boss 10's own table (`pgboss.job`; its schema is pg-boss's and
 * is checked again when pg-boss is upgraded):
 * - the embedded mode owns its database alone, so at start every active run is the last run's;
 * - elsewhere each run is leased: its worker renews it, and pg-boss's maintenance fails a run
 *   whose lease ran out, as it fails any expired run.
 */
const SCHEMA = 'pgboss';

const ActiveRun = z.object({ id: z.string(), name: z.string() });

/**
 * Fails every active run and makes those with retries left due now. Only for a process that knows
 * no other worker shares the database (the embedded mode), before its own workers start.
 * Answers the names of the queues whose runs were failed, one entry a run.
 */
export async function failRunsLeftActive(boss: PgBoss): Promise<string[]> {
  const db = boss.getDb();
  const { rows } = await db.executeSql(`SELECT id, name FROM ${SCHEMA}.job WHERE state = 'active'`, []);
  const runs = z.array(ActiveRun).parse(rows);
  for (const name of new Set(runs.map((run) => run.name))) {
    const ids = runs.filter((run) => run.name === name).map((run) => run.id);
    await boss.fail(name, ids);
    // A retry delay is for a run that failed by itself; this one was cut off.
    await db.executeSql(
      `UPDATE ${SCHEMA}.job SET start_after = now() WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'retry'`,
      [name, ids],
    );
  }
  return runs.map((run) => run.name);
}

/**
 * Extends a run's lease to `seconds` from now (its expiry counts from its start). A run no
 * longer active (completed, or failed by its own time limit) is left alone.
 */
export async function renewLease(boss: PgBoss, name: string, id: string, seconds: number): Promise<void> {
  await boss.getDb().executeSql(
    `UPDATE ${SCHEMA}.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
     WHERE name = $1 AND id = $2 AND state = 'active'`,
    [name, id, seconds],
  );
}

/**
 * Renews a run's lease now and then a few times per lease until the returned function is called.
 * A renewal that fails (the database restarting) is retried at the next beat.
 */
export function keepLeased(
  boss: PgBoss,
  run: { name: string; id: string },
  seconds: number,
  onError: (error: unknown) => void,
): () => void {
  const renew = () => renewLease(boss, run.name, run.id, seconds).catch(onError);
  void renew();
  const timer = setInterval(renew, (seconds * 1000) / 3);
  timer.unref();
  return () => clearInterval(timer);
}
