import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { generatePatents } from './sources/generator.js';

/**
 * `kill -9` of an import midway, then the same import again: the database ends exactly as an
 * uninterrupted import leaves it (same patents, same search rows), nothing twice, nothing lost.
 */
const RECORDS = 6_000;
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let dir: string;
let file: string;
const databases: TestDatabase[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-crash-'));
  file = path.join(dir, 'patents.jsonl');
  await writeFile(
    file,
    [...generatePatents({ count: RECORDS, seed: 77 })].map((r) => JSON.stringify(r)).join('\n'),
  );
});
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
  await rm(dir, { recursive: true, force: true });
});

function startImport(databaseUrl: string): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/index.ts', 'import', file, '--no-enrich', '--database-url', databaseUrl],
    { cwd: rootDir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

function finished(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function counts(database: TestDatabase) {
  const { rows } = await sql<{ patents: number; search_rows: number; keys: string }>`
    SELECT (SELECT count(*)::int FROM patents) AS patents,
           (SELECT count(*)::int FROM patent_search) AS search_rows,
           (SELECT md5(string_agg(lens_id, ',' ORDER BY lens_id)) FROM patents) AS keys`.execute(database.db);
  return rows[0]!;
}

describe('an import killed midway', () => {
  it('ends, once run again, exactly as an uninterrupted import', async () => {
    const clean = await createTestDatabase();
    const crashed = await createTestDatabase();
    databases.push(clean, crashed);

    expect(await finished(startImport(clean.url))).toBe(0);
    const expected = await counts(clean);
    expect(expected.patents).toBeGreaterThan(RECORDS * 0.9);
    expect(expected.search_rows).toBe(expected.patents);

    const victim = startImport(crashed.url);
    const exited = finished(victim);
    // Killed once some batches are in, well before the end.
    for (;;) {
      const { patents } = await counts(crashed);
      if (patents > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    victim.kill('SIGKILL');
    await exited;
    const midway = await counts(crashed);
    expect(midway.patents).toBeGreaterThan(0);
    expect(midway.patents).toBeLessThan(expected.patents);

    expect(await finished(startImport(crashed.url))).toBe(0);
    expect(await counts(crashed)).toEqual(expected);
  }, 240_000);
});
