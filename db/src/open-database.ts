import { sql } from 'kysely';
import { createDb, migrateToLatest, type Db } from './client.js';

/** The database could not be used; the message says why in a sentence a user can act on. */
export class DatabaseUnreachable extends Error {}

interface PgError {
  code?: string;
  message?: string;
  errors?: Array<{ code?: string }>;
}

/** Why a connection failed, as a sentence; `hint` is what the command's user can do about a refusal. */
export function explainConnectionFailure(error: unknown, databaseUrl: string, hint: string): string {
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || '5432'}`;
  const failure = (error ?? {}) as PgError;
  const code = failure.code ?? failure.errors?.find((inner) => inner.code)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot reach the database at ${where}: nothing accepts connections there. ${hint}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot reach the database: the host ${url.hostname} is unknown.`;
    case 'ETIMEDOUT':
      return `Cannot reach the database at ${where}: the connection timed out.`;
    case '28P01':
    case '28000':
      return `The database at ${where} refused the user "${decodeURIComponent(url.username)}" (wrong user or password).`;
    case '3D000':
      return `The database "${url.pathname.slice(1)}" does not exist at ${where}.`;
    default:
      return `Cannot use the database at ${where}: ${failure.message || code || String(error)}`;
  }
}

/**
 * A command line's database: connected, checked and migrated, or a `DatabaseUnreachable` whose
 * message says plainly why (`explainConnectionFailure`). Both command lines open theirs here.
 */
export async function openCheckedDatabase(
  databaseUrl: string,
  options: { maxConnections: number; hint: string },
): Promise<Db> {
  // Idle-connection errors after a failed start are already reported by the failure itself.
  const db = createDb(databaseUrl, { maxConnections: options.maxConnections, onIdleError: () => undefined });
  try {
    await sql`SELECT 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new DatabaseUnreachable(explainConnectionFailure(error, databaseUrl, options.hint));
  }
  await migrateToLatest(db);
  return db;
}
