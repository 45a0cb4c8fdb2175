import { createReadStream, type ReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { validateLensRecord, type SourceItem, type SourceProgress } from './source-item.js';

/**
 * Lens files: a Lens API response (`{"total": ..., "data": [...]}`), a bare JSON array of records,
 * or JSON Lines, each optionally gzipped. The format is recognised from the content, not the name.
 * Files are streamed: memory stays flat whatever their size.
 */
export type LensFileFormat = 'lens-response' | 'json-array' | 'json-lines';

/** Top-level keys of a Lens API response; a patent record has none of them. */
const RESPONSE_KEYS = new Set(['total', 'data', 'results', 'scroll_id', 'max_score']);
const IMPORTABLE_NAME = /\.(jsonl|ndjson|json)(\.gz)?$/i;
const SNIFF_BYTES = 64 * 1024;

export class LensFileError extends Error {}

/**
 * The files to import: each file path as given, and the importable files inside a folder in name
 * order. In a folder, a `.json` file is taken only when it holds a Lens response or an array (a
 * folder of exports often has a statistics or metadata file beside them); the others are listed
 * as ignored.
 */
export async function resolveImportPaths(
  paths: readonly string[],
): Promise<{ files: string[]; ignored: string[] }> {
  const files: string[] = [];
  const ignored: string[] = [];
  for (const given of paths) {
    const info = await stat(given).catch(() => undefined);
    if (!info) throw new LensFileError(`File not found: ${given}`);
    if (!info.isDirectory()) {
      files.push(given);
      continue;
    }
    const names = (await readdir(given)).filter((name) => IMPORTABLE_NAME.test(name)).sort();
    if (names.length === 0)
      throw new LensFileError(`No .json, .jsonl or .ndjson file (gzipped or not) in ${given}`);
    for (const name of names) {
      const file = path.join(given, name);
      const isLines = /\.(jsonl|ndjson)(\.gz)?$/i.test(name);
      if (isLines || (await formatOfFile(file)) !== 'json-lines') files.push(file);
      else ignored.push(file);
    }
  }
  return { files, ignored };
}

async function isGzipped(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** The first bytes of the file's content, decompressed when gzipped. */
async function headOf(file: string, gzipped: boolean): Promise<string> {
  const raw = createReadStream(file, { start: 0, end: SNIFF_BYTES - 1 });
  const content: Readable = gzipped ? raw.pipe(createGunzip()) : raw;
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of content) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= SNIFF_BYTES) break;
    }
  } catch {
    // A gzip stream cut after its first 64 KiB ends early; what was inflated is enough.
  } finally {
    raw.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function formatOfFile(file: string): Promise<LensFileFormat> {
  return formatOf(await headOf(file, await isGzipped(file)));
}

export function formatOf(head: string): LensFileFormat {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return 'json-array';
  const firstKey = /^\{\s*"((?:[^"\\]|\\.)*)"\s*:/.exec(text)?.[1];
  return firstKey !== undefined && RESPONSE_KEYS.has(firstKey) ? 'lens-response' : 'json-lines';
}

async function* jsonLines(content: Readable, label: string): AsyncGenerator<SourceItem> {
  const lines = createInterface({ input: content, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    const trimmed = (line === 1 ? text.replace(/^\uFEFF/, '') : text).trim();
    if (trimmed === '') continue;
    const position = `${label}:${line}`;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      yield {
        position,
        problem: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      };
      continue;
    }
    yield validateLensRecord(value, position);
  }
}

async function* jsonArrayItems(
  content: Readable,
  label: string,
  format: LensFileFormat,
): AsyncGenerator<SourceItem> {
  const items = streamArray.asStream();
  const stages =
    format === 'lens-response' ? [parser.asStream(), pick.asStream({ filter: 'data' })] : [parser.asStream()];
  const flowing = pipeline([content, ...stages, items]);
  // A parse error destroys `items` too, so the loop below throws it; this only keeps it from going unhandled.
  flowing.catch(() => undefined);
  const where = format === 'lens-response' ? 'data' : '';
  try {
    for await (const { key, value } of items as AsyncIterable<{ key: number; value: unknown }>) {
      yield validateLensRecord(value, `${label} ${where}[${key}]`);
    }
    await flowing;
  } catch (error) {
    throw new LensFileError(
      `${label} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Reads Lens files one after the other. `progress()` tells how much of all their bytes has been
 * read (compressed bytes for gzipped files), for a progress bar with an ETA.
 */
export function readLensFiles(files: readonly string[]): {
  items: AsyncGenerator<SourceItem>;
  progress: () => SourceProgress;
} {
  let totalBytes = 0;
  let finishedBytes = 0;
  let current: ReadStream | undefined;
  async function* items(): AsyncGenerator<SourceItem> {
    const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
    totalBytes = sizes.reduce((sum, size) => sum + size, 0);
    for (const [index, file] of files.entries()) {
      const gzipped = await isGzipped(file);
      const format = await formatOfFile(file);
      const label = path.basename(file);
      current = createReadStream(file);
      const content: Readable = gzipped ? current.pipe(createGunzip()) : current;
      current.on('error', (error) => content.destroy(error));
      try {
        if (format === 'json-lines') yield* jsonLines(content, label);
        else yield* jsonArrayItems(content, label, format);
      } catch (error) {
        if (error instanceof LensFileError) throw error;
        throw new LensFileError(
          `${label} could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        current.destroy();
        finishedBytes += sizes[index] ?? 0;
        current = undefined;
      }
    }
  }
  return {
    items: items(),
    progress: () => ({
      fraction:
        totalBytes > 0 ? Math.min(1, (finishedBytes + (current?.bytesRead ?? 0)) / totalBytes) : undefined,
    }),
  };
}
