import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countPatents } from '@patentscout/server/testing/patent-fixtures';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePatents } from './sources/generator.js';
import { startLocalServer } from './testing/local-server.js';

const CLI = fileURLToPath(new URL('../../scripts/index.ts', import.meta.url));
let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'indexer-cli-'));
});
afterAll(async () => {
  await database.drop();
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `npm run index -- ...` as a user would; `interruptWhen` sends Ctrl-C once stderr shows it. */
function runCli(args: string[], interruptWhen?: RegExp, extraEnv: Record<string, string> = {}): Promise<Run> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let interrupted = false;
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    if (interruptWhen && !interrupted && interruptWhen.test(err)) {
      interrupted = true;
      child.kill('SIGINT');
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

/** The counts of the closing summary ("  inserted  30"). */
const summaryOf = (out: string) =>
  Object.fromEntries(
    [...out.matchAll(/^ {2}(\w+) +([\d,]+)$/gm)].map(([, label, value]) => [
      label,
      Number(value!.replaceAll(',', '')),
    ]),
  );

describe('npm run index', () => {
  it('explains a bad command line and exits with 2', async () => {
    const run = await runCli(['generate', '--count', 'many', '--dry-run']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('Error: --count must be a whole number of at least 1, not "many"');
    expect(run.err).toContain('Usage: npm run index -- <command> [options]');
  });

  it('exits with 1 and one clear line for a missing file or a database it cannot reach', async () => {
    const missing = await runCli(['import', path.join(dir, 'nope.jsonl'), '--database-url', database.url]);
    expect(missing.code).toBe(1);
    expect(missing.err.trim()).toBe(`Error: File not found: ${path.join(dir, 'nope.jsonl')}`);

    const file = path.join(dir, 'one.jsonl');
    await writeFile(file, JSON.stringify([...generatePatents({ count: 1, seed: 1 })][0]));
    const unreachable = await runCli([
      'import',
      file,
      '--database-url',
      'postgres://postgres@127.0.0.1:1/patentscout',
    ]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.err.trim()).toBe(
      'Error: Cannot reach the database at 127.0.0.1:1: nothing accepts connections there. Is it running? (npm start runs the embedded one on port 54329.)',
    );
  }, 60_000);

  it('imports a file with a summary, and a second import reports every record unchanged', async () => {
    const file = path.join(dir, 'patents.jsonl');
    const lines = [...generatePatents({ count: 30, seed: 51 })].map((record) => JSON.stringify(record));
    await writeFile(file, [...lines.slice(0, 10), '{"jurisdiction": "US"}', ...lines.slice(10)].join('\n'));
    const first = await runCli(['import', file, '--database-url', database.url]);
    expect(first.code).toBe(0);
    expect(first.err).toContain('skipped patents.jsonl:11: doc_number:');
    expect(first.out).toMatch(/^Imported 1 file: 31 records in 0:\d\d \([\d.]+ s\), [\d,]+ records\/s$/m);
    expect(summaryOf(first.out)).toEqual({
      inserted: 30,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      enriched: 30,
    });

    const again = await runCli(['import', file, '--database-url', database.url]);
    expect(summaryOf(again.out)).toEqual({ inserted: 0, updated: 0, unchanged: 30, skipped: 1, enriched: 0 });
  }, 60_000);

  it('stops cleanly on Ctrl-C with exit code 130, and the same command then resumes', async () => {
    const before = await countPatents(database.db);
    const args = ['generate', '--count', '8000', '--seed', '52', '--database-url', database.url];
    const interrupted = await runCli(args, /records/);
    expect(interrupted.code).toBe(130);
    expect(interrupted.err).toContain('Interrupted: finishing the batches under way');
    expect(interrupted.out).toContain('Run the same command again to resume');
    const written = (await countPatents(database.db)) - before;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(8000);

    const resumed = await runCli(args);
    expect(resumed.code).toBe(0);
    expect(summaryOf(resumed.out)).toMatchObject({ inserted: 8000 - written, unchanged: written });
    expect((await countPatents(database.db)) - before).toBe(8000);
  }, 120_000);

  it('fetches from the Lens API without AI text, and enrich then writes it', async () => {
    const records = [...generatePatents({ count: 9, seed: 53 })];
    const lens = await startLocalServer(() => ({
      status: 200,
      body: { total: records.length, data: records },
    }));
    try {
      const env = { LENS_API_TOKEN: 'lens-token', LENS_API_URL: `${lens.url}/patent/search` };
      const fetched = await runCli(
        [
          'fetch',
          '--query',
          'title:battery',
          '--since',
          '2026-01-01',
          '--no-enrich',
          '--database-url',
          database.url,
        ],
        undefined,
        env,
      );
      expect(fetched.code).toBe(0);
      expect(summaryOf(fetched.out)).toMatchObject({ inserted: 9, enriched: 0 });
      expect(lens.requests[0]?.headers.authorization).toBe('Bearer lens-token');

      const enriched = await runCli(['enrich', '--database-url', database.url]);
      expect(enriched.code).toBe(0);
      expect(summaryOf(enriched.out)).toMatchObject({ enriched: 9, skipped: 0 });
      expect(enriched.out).toContain('0 patents are still without AI text.');
    } finally {
      await lens.close();
    }
  }, 60_000);
});
