import type { Db } from '@patentscout/db';
import { analystKeysOver } from '../features/analytics/index.js';
import { AppError } from '../shared/errors.js';
import { AdminError, UsageError } from './admin-errors.js';

export type AnalystKeyCommand =
  | { name: 'create'; email: string; label: string; databaseUrl: string }
  | { name: 'revoke'; id?: string; email?: string; databaseUrl: string }
  | { name: 'list'; databaseUrl: string };

/** The analyst-key commands and the options each takes. */
export const ANALYST_KEY_COMMANDS = {
  create: ['email', 'label'],
  revoke: ['id', 'email'],
  list: [],
} as const;

export function analystKeyCommand(
  name: string,
  values: { email?: string | undefined; label?: string | undefined; id?: string | undefined },
  databaseUrl: string,
): AnalystKeyCommand {
  switch (name) {
    case 'create':
      if (!values.email) throw new UsageError('create needs --email');
      return { name, email: values.email, label: values.label ?? '', databaseUrl };
    case 'revoke':
      if ((values.id === undefined) === (values.email === undefined))
        throw new UsageError('revoke needs --id ID or --email E (one of them)');
      return {
        name,
        id: values.id,
        email: values.email,
        databaseUrl,
      };
    default:
      return { name: 'list', databaseUrl };
  }
}

const cell = (value: string | null) => value ?? '-';

/** Runs one analyst-key command, writing what it did to `out`. */
export async function runAnalystKeyCommand(
  command: AnalystKeyCommand,
  db: Db,
  out: { write(text: string): unknown },
): Promise<void> {
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
  }
}
