import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, migrateToLatest, type Db } from '../db/client.js';
import { analystKeysOver } from '../features/analytics/index.js';
import { AppError } from '../shared/errors.js';

export const USAGE = `Usage: npm run admin -- analyst-key <command> [options]

Commands:
  analyst-key create --email E [--label L]   make the account with e-mail E an analyst and print a
                                             new API key for it (shown once: only its hash is kept)
  analyst-key revoke --id ID                 revoke one key (ids: see list)
  analyst-key revoke --email E               revoke every key of that account
  analyst-key list                           list every key: id, account, label, created, last
                                             used, revoked

Options:
  --database-url URL   PostgreSQL connection string (default: DATABASE_URL, else the embedded
                       database of a running \`npm start\`: postgres://postgres:patentscout@127.0.0.1:54329/patentscout)
  --help               show this help

Analysts send the key as \`Authorization: Bearer psk_...\` to /graphql (docs/api.md).`;

/** Exit codes, as the indexer's: 0 done, 1 failed, 2 bad command line. */
export const EXIT = { done: 0, failed: 1, usage: 2 } as const;

/** A mistake in the command line: reported with the usage text and exit code 2. */
export class UsageError extends Error {}

/** A failure the admin can act on, reported as one clear line and exit code 1. */
export class AdminError extends Error {}

export type AdminCommand =
  | { name: 'create'; email: string; label: string; databaseUrl: string }
  | { name: 'revoke'; id?: string; email?: string; databaseUrl: string }
  | { name: 'list'; databaseUrl: string }
  | { name: 'help' };

const OPTIONS = {
  email: { type: 'string' },
  label: { type: 'string', default: '' },
  id: { type: 'string' },
  'database-url': { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

const ALLOWED: Record<string, readonly string[]> = {
  create: ['email', 'label'],
  revoke: ['id', 'email'],
  list: [],
};

export function parseAdminCommand(argv: readonly string[], defaultDatabaseUrl: string): AdminCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS, tokens: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals, tokens } = parsed;
  if (values.help) return { name: 'help' };
  const [group, name, ...rest] = positionals;
  if (group === undefined) throw new UsageError('a command is required');
  if (group !== 'analyst-key') throw new UsageError(`unknown command "${group}"`);
  if (name === undefined) throw new UsageError('analyst-key needs create, revoke or list');
  const allowed = ALLOWED[name];
  if (!allowed) throw new UsageError(`unknown analyst-key command "${name}"`);
  for (const token of tokens) {
    if (
      token.kind === 'option' &&
      token.name !== 'database-url' &&
      token.name !== 'help' &&
      !allowed.includes(token.name)
    )
      throw new UsageError(`analyst-key ${name} does not take --${token.name}`);
  }
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest.join(' ')}"`);
  const databaseUrl = values['database-url'] ?? defaultDatabaseUrl;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError('--database-url must start with postgres:// or postgresql://');
  switch (name) {
    case 'create':
      if (!values.email) throw new UsageError('create needs --email');
      return { name, email: values.email, label: values.label, databaseUrl };
    case 'revoke':
      if ((values.id === undefined) === (values.email === undefined))
        throw new UsageError('revoke needs --id ID or --email E (one of them)');
      return { name, id: values.id, email: values.email, databaseUrl };
    default:
      return { name: 'list', databaseUrl };
  }
}

/** Connects and migrates, or says plainly that the database is not there. */
async function openDatabase(databaseUrl: string): Promise<Db> {
  const url = new URL(databaseUrl);
  const db = createDb(databaseUrl, 2, () => undefined);
  try {
    await sql`SELECT 1`.execute(db);
  } catch (error) {
    await db.destroy();
    const where = `${url.hostname}:${url.port || '5432'}`;
    throw new AdminError(
      `Cannot reach the database at ${where} (${(error as Error).message || (error as { code?: string }).code}). ` +
        'Is `npm start` running? It runs the embedded database this command uses by default; ' +
        'otherwise pass --database-url or set DATABASE_URL.',
    );
  }
  await migrateToLatest(db);
  return db;
}

const cell = (value: string | null) => value ?? '-';

/** Runs one analyst-key command, writing what it did to `out`. */
export async function runAdminCommand(
  command: Exclude<AdminCommand, { name: 'help' }>,
  out: { write(text: string): unknown },
): Promise<void> {
  const db = await openDatabase(command.databaseUrl);
  try {
    const keys = analystKeysOver(db);
    if (command.name === 'create') {
      const { key, record } = await keys.create({ email: command.email, label: command.label });
      out.write(
        `Created analyst key ${record.id} for ${record.email} (the account is now an analyst).\n\n` +
          `  ${key}\n\n` +
          'Copy it now: it is stored only as a hash and cannot be shown again.\n' +
          'Send it as "Authorization: Bearer <key>" to /graphql (see docs/api.md).\n',
      );
    } else if (command.name === 'revoke') {
      const revoked = await keys.revoke({ id: command.id, email: command.email });
      out.write(
        revoked.length === 0
          ? 'No live key matched: nothing revoked.\n'
          : `Revoked ${revoked.length === 1 ? 'key' : 'keys'} ${revoked.join(', ')}.\n`,
      );
    } else {
      const list = await keys.list();
      if (list.length === 0) out.write('No analyst keys.\n');
      for (const key of list) {
        out.write(
          `${key.id}\t${key.email}\t${key.label || '-'}\tcreated ${key.createdAt}\tlast used ${cell(key.lastUsedAt)}\t${key.revokedAt ? `revoked ${key.revokedAt}` : 'live'}\n`,
        );
      }
    }
  } catch (error) {
    if (error instanceof AppError)
      throw new AdminError(
        error.code === 'ACCOUNT_NOT_FOUND'
          ? 'No open account has that e-mail address: the analyst must register first.'
          : error.message,
      );
    throw error;
  } finally {
    await db.destroy();
  }
}
