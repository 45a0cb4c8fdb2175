import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { createDb, type Db, type ReadRouting } from '@patentscout/db';
import { TOP_RANK_MIN } from './plan.js';

/**
 * THE ROW-ORDER DEPENDENCY, stated once.
 *
 * The engine reads `patent_search` in its physical order and stops when its budget is full:
 * AI search's tiers read in rank order (`ts_match_vq` under a LIMIT) and in turn (one UNION ALL),
 * advanced search's probe and ordered reads (`SELECT * FROM patent_search LIMIT n`), and the
 * top-of-rank-first read (`topRankFirst`). That is only right when
 * 1. the rows are stored best first: bulk builds write them sorted by `static_rank` (the data
 *    package's search-row/rank-order.ts); rows that the trigger adds one by one go to the end, where a
 *    later bulk build puts them in their place;
 * 2. every scan starts at the first row and is read by one process: the engine's connections
 *    turn off synchronised scans (which start where another scan happens to be) and parallel
 *    workers (which hand rows, and whole tiers, back in the order they finish).
 * row-order.test.ts fails when either breaks.
 */
const SEARCH_CONNECTION_OPTIONS = '-c synchronize_seqscans=off -c max_parallel_workers_per_gather=0';

/**
 * The engine's own connection pool, whose sessions read tables in their physical order and cancel
 * any statement that runs past `statementTimeoutMs` (budget.ts): to one database, or routed over
 * the read replicas and the primary (`ReadRouting`, ADR 0120). With `backendNiceness` (one
 * database on this machine only), each connection's backend process is given that CPU priority
 * as it connects (ADR 0123); a refusal (no permission) leaves it as it was and is reported.
 */
export function createSearchDb(
  database: string | ReadRouting,
  options: {
    maxConnections: number;
    onIdleError?: (error: Error) => void;
    statementTimeoutMs: number;
    backendNiceness?: number;
    onNicenessRefused?: (error: Error) => void;
  },
): Db {
  const { maxConnections, onIdleError, backendNiceness, onNicenessRefused } = options;
  const sessionOptions = `${SEARCH_CONNECTION_OPTIONS} -c statement_timeout=${options.statementTimeoutMs}`;
  if (typeof database !== 'string') {
    return database.pool({ name: 'search', maxConnections, sessionOptions, onIdleError });
  }
  return createDb(database, {
    maxConnections,
    onIdleError,
    sessionOptions,
    keepIdle: true,
    ...(backendNiceness === undefined
      ? {}
      : {
          onConnect: (backendPid: number) => {
            try {
              lowerCpuPriority(backendPid, backendNiceness);
            } catch (error) {
              onNicenessRefused?.(error as Error);
            }
          },
        }),
  });
}

/**
 * Gives a process on this machine the CPU priority `niceness`. Every Postgres backend starts a
 * session of its own (setsid), and where Linux groups sessions for scheduling (autogroup, on by
 * default on desktops and many servers) a process's nice value only orders it within its own
 * session: the session's is set through /proc/<pid>/autogroup, with the same permission.
 */
function lowerCpuPriority(pid: number, niceness: number): void {
  setPriority(pid, niceness);
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch (error) {
    // No autogroups here (another system, or a kernel without them): the nice value is enough.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * A candidate query that needs words, `select(part)` over the top of the static rank first, then
 * over the rest: under a LIMIT the second part is only read when the first left room. A GIN bitmap
 * reads every posting of its words before the first row, and the top's word indexes hold about a
 * sixth of them, so a search whose budget fills at the top reads a sixth; the rest's own indexes
 * hold the other postings, so one that does not costs what a read of the whole would. Rows come
 * in the order of one scan of the table.
 */
export function topRankFirst(
  select: (part: RawBuilder<SqlBool>) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const bound = sql.lit(TOP_RANK_MIN);
  return sql`(${select(sql<SqlBool>`s.static_rank >= ${bound}`)}) UNION ALL (${select(sql<SqlBool>`s.static_rank < ${bound}`)})`;
}
