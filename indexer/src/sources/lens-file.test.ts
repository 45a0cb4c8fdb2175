import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePatents } from './generator.js';
import { formatOf, LensFileError, readLensFiles, resolveImportPaths } from './lens-file.js';
import type { SourceItem } from './source-item.js';

const RECORDS = [...generatePatents({ count: 5, seed: 3 })];
let dir: string;

async function fixture(name: string, content: string | Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

async function readAll(files: string[]): Promise<SourceItem[]> {
  const items: SourceItem[] = [];
  for await (const item of readLensFiles(files).items) items.push(item);
  return items;
}

const recordsOf = (items: SourceItem[]) => items.flatMap((item) => ('record' in item ? [item.record] : []));
const problemsOf = (items: SourceItem[]) =>
  items.flatMap((item) => ('problem' in item ? [`${item.position} ${item.problem}`] : []));
const jsonLines = RECORDS.map((record) => JSON.stringify(record)).join('\n');
const response = JSON.stringify(
  { total: RECORDS.length, data: RECORDS, results: RECORDS.length, scroll_id: 'abc' },
  null,
  2,
);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lens-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readLensFiles', () => {
  it('reads JSON Lines, a Lens API response and a bare array, each also gzipped, to the same records', async () => {
    const files = [
      await fixture('a.jsonl', `\uFEFF${jsonLines}\n\n`),
      await fixture('b.json', response),
      await fixture('c.json', JSON.stringify(RECORDS)),
      await fixture('d.jsonl.gz', gzipSync(jsonLines)),
      await fixture('e.json.gz', gzipSync(response)),
      await fixture('f.data', gzipSync(JSON.stringify(RECORDS))),
    ];
    for (const file of files) {
      const items = await readAll([file]);
      expect(problemsOf(items), file).toEqual([]);
      expect(recordsOf(items), file).toEqual(RECORDS);
    }
  });

  it('reports each bad record with its file, line and reason and goes on with the next', async () => {
    const [first, second, third] = RECORDS.map((record) => JSON.stringify(record));
    const broken = JSON.stringify({ ...RECORDS[3], date_published: '07/09/1996', jurisdiction: 'usa' });
    const file = await fixture('broken.jsonl', [first, '{[', second, '', broken, third].join('\n'));
    const items = await readAll([file]);
    expect(recordsOf(items)).toHaveLength(3);
    expect(problemsOf(items)).toEqual([
      expect.stringMatching(/^broken\.jsonl:2 not valid JSON \(/),
      expect.stringMatching(/^broken\.jsonl:5 jurisdiction: .*; date_published: Invalid ISO date/),
    ]);
  });

  it('names the array item of a bad record in a Lens response', async () => {
    const file = await fixture(
      'response-with-bad.json',
      JSON.stringify({ total: 2, data: [RECORDS[0], { jurisdiction: 'US' }] }),
    );
    expect(problemsOf(await readAll([file]))).toEqual([
      expect.stringMatching(/^response-with-bad\.json data\[1\] doc_number: /),
    ]);
  });

  it('stops with a clear error on a response that is not JSON at all', async () => {
    const file = await fixture('cut.json', `{"total": 2, "data": [${JSON.stringify(RECORDS[0])}, {"lens_`);
    await expect(readAll([file])).rejects.toThrowError(LensFileError);
  });

  it('tells how far through its bytes it is', async () => {
    const file = await fixture('progress.jsonl', jsonLines);
    const source = readLensFiles([file]);
    const fractions: Array<number | undefined> = [];
    for await (const _item of source.items) fractions.push(source.progress().fraction);
    expect(fractions.at(-1)).toBe(1);
  });
});

describe('formatOf', () => {
  it('recognises the form from the first key, whatever the file is called', () => {
    expect(formatOf('\uFEFF  {"total": 3, "data": [')).toBe('lens-response');
    expect(formatOf('{\n  "data": [')).toBe('lens-response');
    expect(formatOf('[{"lens_id"')).toBe('json-array');
    expect(formatOf('{"lens_id": "1", "jurisdiction": "US"}\n{"lens_id"')).toBe('json-lines');
    expect(formatOf('')).toBe('json-lines');
  });
});

describe('resolveImportPaths', () => {
  it('takes the record files of a folder in name order and leaves other JSON aside', async () => {
    const folder = await mkdtemp(path.join(dir, 'folder-'));
    await writeFile(path.join(folder, 'b.jsonl'), jsonLines);
    await writeFile(path.join(folder, 'a.json.gz'), gzipSync(response));
    await writeFile(path.join(folder, 'STATS.json'), JSON.stringify({ shared_records: 5 }));
    await writeFile(path.join(folder, 'notes.txt'), 'not a record file');
    expect(await resolveImportPaths([folder])).toEqual({
      files: [path.join(folder, 'a.json.gz'), path.join(folder, 'b.jsonl')],
      ignored: [path.join(folder, 'STATS.json')],
    });
  });

  it('refuses a path that does not exist', async () => {
    await expect(resolveImportPaths([path.join(dir, 'missing.jsonl')])).rejects.toThrowError(
      /File not found: .*missing\.jsonl/,
    );
  });
});
