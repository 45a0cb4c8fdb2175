import { createDb, migrateToLatest, type Db } from '@patentscout/server/db/client';
import { sql } from 'kysely';

/** A failure the user can act on, reported as one clear line and exit code 1. */
export class CliError extends Error {}

interface PgError {
  code?: string;
  message?: string;
  errors?: Array<{ code?: string }>;
}

function explain(error: PgError, url: URL): string {
  const where = `${url.hostname}:${url.port || '5432'}`;
  const code = error.code ?? error.errors?.find((inner) => inner.code)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot reach the database at ${where}: nothing accepts connections there. Is it running? (npm start runs the embedded one on port 54329.)`;
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
      return `Cannot use the database at ${where}: ${error.message ?? String(error)}`;
  }
}

/** Connects, checks the connection and migrates, turning connection failures into plain sentences. */
export async function openDatabase(databaseUrl: string): Promise<Db> {
  const url = new URL(databaseUrl);
  // Idle-connection errors after a failed start are already reported by the failure itself.
  const db = createDb(databaseUrl, 4, () => undefined);
  try {
    await sql`SELECT 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new CliError(explain(error as PgError, url));
  }
  await migrateToLatest(db);
  return db;
}
