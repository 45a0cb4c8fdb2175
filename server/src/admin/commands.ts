import { databaseUrlOption, readCommandLine } from '@patentscout/platform';
import { DatabaseUnreachable, openCheckedDatabase, type Db } from '@patentscout/db';
import { AdminError } from './admin-errors.js';
import {
  ANALYST_KEY_COMMANDS,
  analystKeyCommand,
  runAnalystKeyCommand,
  type AnalystKeyCommand,
} from './analyst-key-command.js';
import {
  BILLING_COMMANDS,
  billingCommand,
  runBillingCommand,
  type BillingCommand,
} from './billing-command.js';

export const USAGE = `Usage: npm run admin -- <group> <command> [options]

Commands:
  analyst-key create --email E [--label L]   make the account with e-mail E an analyst and print a
                                             new API key for it (shown once: only its hash is kept)
  analyst-key revoke --id ID                 revoke one key (ids: see list)
  analyst-key revoke --email E               revoke every key of that account
  analyst-key list                           list every key: id, account, label, created, last
                                             used, revoked
  billing reconcile [--timeout S]            compare the payment provider's subscriptions with the
                                             plans now and fix the drift (the daily job, run at
                                             once by the server's worker; waits up to S seconds,
                                             120 by default, and prints what was fixed)

Options:
  --database-url URL   PostgreSQL connection string (default: DATABASE_URL, else the embedded
                       database of a running \`npm start\`: postgres://postgres:patentscout@127.0.0.1:54329/patentscout)
  --help               show this help

Analysts send the key as \`Authorization: Bearer psk_...\` to /graphql (docs/api.md).`;

export { AdminError, EXIT, UsageError } from './admin-errors.js';

export type AdminCommand = AnalystKeyCommand | BillingCommand | { name: 'help' };

const OPTIONS = {
  email: { type: 'string' },
  label: { type: 'string', default: '' },
  id: { type: 'string' },
  timeout: { type: 'string' },
  'database-url': { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

export function parseAdminCommand(argv: readonly string[], defaultDatabaseUrl: string): AdminCommand {
  const line = readCommandLine(argv, {
    options: OPTIONS,
    commands: { 'analyst-key': ANALYST_KEY_COMMANDS, billing: BILLING_COMMANDS },
    everywhere: ['database-url', 'help'],
  });
  if (line.help) return { name: 'help' };
  const [group, name] = line.words as [string, string];
  const databaseUrl = databaseUrlOption(line.values['database-url'] ?? defaultDatabaseUrl);
  return group === 'billing'
    ? billingCommand(name, line.values, databaseUrl)
    : analystKeyCommand(name, line.values, databaseUrl);
}

/** Connects and migrates, or says plainly that the database is not there. */
export async function openDatabase(databaseUrl: string): Promise<Db> {
  try {
    return await openCheckedDatabase(databaseUrl, {
      maxConnections: 2,
      hint:
        'Is `npm start` running? It runs the embedded database this command uses by default; ' +
        'otherwise pass --database-url or set DATABASE_URL.',
    });
  } catch (error) {
    throw error instanceof DatabaseUnreachable ? new AdminError(error.message) : error;
  }
}

/** Runs one command, writing what it did to `out`. */
export async function runAdminCommand(
  command: Exclude<AdminCommand, { name: 'help' }>,
  out: { write(text: string): unknown },
): Promise<void> {
  const db = await openDatabase(command.databaseUrl);
  try {
    if (command.name === 'billing-reconcile') await runBillingCommand(command, db, out);
    else await runAnalystKeyCommand(command, db, out);
  } finally {
    await db.destroy();
  }
}
