import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@patentscout/server/supervisor/embedded';
import { createLogger } from '@patentscout/platform';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run index -- ...` with neither --database-url nor DATABASE_URL uses the embedded database
 * in DATA_DIR/pg: npm start's while it runs, otherwise one started for the command. DATA_DIR and
 * EMBEDDED_PG_PORT point at a folder and port of the test's own, never ./.data.
 */
const CLI = fileURLToPath(new URL('../../scripts/index.ts', import.meta.url));
const PORT = 54641;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'indexer-embedded-'));
  await chmod(dataDir, 0o755); // the postgres user must reach its data folder
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function runCli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const { DATABASE_URL: _unset, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

const portIsFree = () =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(PORT, '127.0.0.1', () => server.close(() => resolve(true)));
  });

async function countPatents(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) AS n FROM patents')).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('npm run index without a database URL', () => {
  it('starts the embedded database for the command when npm start is not running, says so, and stops it', async () => {
    const run = await runCli(['generate', '--count', '40', '--seed', '3']);
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain(
      `No database given and npm start is not running: creating the embedded database in ${dataDir}/pg (port ${PORT}) for this command.`,
    );
    expect(run.out).toMatch(/inserted +40/);
    expect(await portIsFree()).toBe(true);
  }, 90_000);

  it("uses npm start's embedded database while it runs, and leaves it running", async () => {
    // What npm start runs: the same data folder and port.
    const running = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'pg'),
      port: PORT,
      database: 'patentscout',
      logger: createLogger('silent'),
    });
    try {
      const run = await runCli(['generate', '--count', '25', '--seed', '4']);
      expect(run.code, run.err).toBe(0);
      expect(run.err).toContain(
        `Using the embedded database of the running npm start (${dataDir}/pg, port ${PORT}).`,
      );
      expect(run.err).not.toContain('npm start is not running');
      expect(await countPatents(running.url)).toBe(65);
    } finally {
      await running.stop();
    }
  }, 90_000);
});
