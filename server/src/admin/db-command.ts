import { databaseUrlOption, readCommandLine } from '@patentscout/platform';
import pg from 'pg';
import {
  DISTRIBUTED_TABLES,
  distributionStatements,
  LOCAL_TABLES,
  REFERENCE_TABLES,
  REPLACED_ON_DISTRIBUTION,
  serverLabel,
} from '@patentscout/db';
import { AdminError, UsageError } from './admin-errors.js';

export const DB_USAGE = `Usage: npm run admin -- db <command> [options]

Commands:
  db status                  the primary's role, WAL position and synchronous standbys, every
                             standby streaming from it (state, sync state, lag), and each replica
                             of SEARCH_DATABASE_URLS (standby or not, lag)
  db promote --database-url URL [--force]
                             promotes the standby at URL to a primary once its primary is gone
                             (refused while it still streams from a live primary, unless --force)
  db distribution            how the tables spread over Citus (distributed, reference, local) and
                             the statements that distribute them, to run on a Citus coordinator

Options:
  --database-url URL   db status: the primary (default: DATABASE_URL, else the embedded database
                       of a running \`npm start\`); db promote: the standby to promote (required)
  --force              db promote: promote even though the standby still streams from a primary
  --help               show this help

Failover step by step: docs/operations.md, "Failover".`;

export type DbCommand =
  | { name: 'status'; databaseUrl: string; replicaUrls: readonly string[] }
  | { name: 'promote'; databaseUrl: string; force: boolean }
  | { name: 'distribution' };

const DB_OPTIONS = {
  'database-url': { type: 'string' },
  force: { type: 'boolean', default: false },
} as const;

/** `db status|promote|distribution [options]`. */
export function parseDbCommand(
  argv: readonly string[],
  defaults: { databaseUrl: string; replicaUrls: readonly string[] },
): DbCommand {
  const line = readCommandLine(argv, {
    options: DB_OPTIONS,
    commands: { db: { status: ['database-url'], promote: ['database-url', 'force'], distribution: [] } },
    everywhere: [],
  });
  const { values } = line;
  const given = values['database-url'] === undefined ? undefined : databaseUrlOption(values['database-url']);
  const name = line.words[1] as DbCommand['name'];
  if (name === 'status')
    return { name, databaseUrl: given ?? defaults.databaseUrl, replicaUrls: defaults.replicaUrls };
  if (name === 'promote') {
    if (given === undefined) throw new UsageError('db promote needs --database-url: the standby to promote');
    return { name, databaseUrl: given, force: values.force };
  }
  return { name };
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new AdminError(`Cannot reach the database at ${serverLabel(url)} (${(error as Error).message}).`);
  }
  return client;
}

const isStandby = async (client: pg.Client) =>
  (await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')).rows[0]!.standby;

/** Runs one db command, writing what it found or did to `out`. */
export async function runDbCommand(command: DbCommand, out: { write(text: string): unknown }): Promise<void> {
  if (command.name === 'promote') return promote(command, out);
  if (command.name === 'distribution') {
    out.write(distributionText());
    return;
  }
  const client = await connect(command.databaseUrl);
  try {
    const label = serverLabel(command.databaseUrl);
    if (await isStandby(client)) {
      out.write(`${label}: a standby (read-only); run db status against its primary.\n`);
    } else {
      const { rows } = await client.query<{ position: string; names: string }>(
        `SELECT pg_current_wal_lsn()::text AS position, current_setting('synchronous_standby_names') AS names`,
      );
      out.write(
        `${label}: the primary (accepts writes), WAL at ${rows[0]!.position}; synchronous standbys: ${rows[0]!.names || 'none (every commit is local)'}\n`,
      );
      const standbys = await client.query<Record<string, string | null>>(
        `SELECT application_name, coalesce(host(client_addr), 'local') AS client, state, sync_state,
                coalesce(replay_lag::text, '0') AS replay_lag,
                pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint::text AS bytes_behind
         FROM pg_stat_replication ORDER BY application_name`,
      );
      if (standbys.rows.length === 0) out.write('  no standby streams from it\n');
      for (const row of standbys.rows)
        out.write(
          `  standby ${row.application_name} (${row.client}): ${row.state}, ${row.sync_state}, replay lag ${row.replay_lag}, ${row.bytes_behind ?? '?'} bytes behind\n`,
        );
    }
  } finally {
    await client.end();
  }
  for (const url of command.replicaUrls) out.write(`${await replicaLine(url)}\n`);
}

async function replicaLine(url: string): Promise<string> {
  const label = serverLabel(url);
  let client: pg.Client;
  try {
    client = await connect(url);
  } catch (error) {
    return `replica ${label}: down (${(error as Error).message})`;
  }
  try {
    const { rows } = await client.query<{ standby: boolean; replayed: string | null; age: string | null }>(
      `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
              (now() - pg_last_xact_replay_timestamp())::text AS age`,
    );
    const row = rows[0]!;
    return row.standby
      ? `replica ${label}: a standby, replayed up to ${row.replayed}, last replayed commit ${row.age ?? 'none'} ago`
      : `replica ${label}: NOT a standby (it accepts writes): the app skips it`;
  } finally {
    await client.end();
  }
}

async function promote(
  command: Extract<DbCommand, { name: 'promote' }>,
  out: { write(text: string): unknown },
): Promise<void> {
  const label = serverLabel(command.databaseUrl);
  const client = await connect(command.databaseUrl);
  try {
    if (!(await isStandby(client)))
      throw new AdminError(`${label} is not a standby: it already accepts writes. Nothing to promote.`);
    const receiver = await client.query<{ status: string; sender: string }>(
      `SELECT status, sender_host || ':' || sender_port AS sender FROM pg_stat_wal_receiver`,
    );
    const streaming = receiver.rows.find((row) => row.status === 'streaming');
    if (streaming && !command.force)
      throw new AdminError(
        `${label} still streams from its primary at ${streaming.sender}: promoting it now would leave two ` +
          'primaries. Stop that primary first (or make sure nothing can write to it), then run this again; ' +
          '--force promotes anyway.',
      );
    const { rows } = await client.query<{ promoted: boolean }>('SELECT pg_promote(true, 60) AS promoted');
    if (!rows[0]!.promoted)
      throw new AdminError(`${label} did not finish promoting within 60 s; see its log.`);
    out.write(
      `Promoted ${label}: it is a primary now and accepts writes.\n\n` +
        'Next (docs/operations.md, "Failover"):\n' +
        `  1. set DATABASE_URL to it (and take it out of SEARCH_DATABASE_URLS), then restart the web servers and workers;\n` +
        '  2. point the other replicas at it (primary_conninfo) or rebuild them from it;\n' +
        '  3. rebuild the old primary as a standby of it before it runs again: it must never accept writes again as it is.\n',
    );
  } finally {
    await client.end();
  }
}

function distributionText(): string {
  const distributed = Object.entries(DISTRIBUTED_TABLES).map(([table, column]) => `${table} by ${column}`);
  return [
    'Citus layout (ADR 0122; distribution.test.ts checks the schema keeps to it):',
    `  distributed, co-located: ${distributed.join(', ')}`,
    `  reference (on every worker): ${REFERENCE_TABLES.join(', ')}`,
    `  local (on the coordinator): ${LOCAL_TABLES.join(', ')}`,
    ...Object.entries(REPLACED_ON_DISTRIBUTION).map(([constraint, instead]) => `  ${constraint}: ${instead}`),
    '',
    '-- On the Citus coordinator, with the workers added (citus_add_node), in a quiet hour:',
    ...distributionStatements(),
    '',
  ].join('\n');
}
