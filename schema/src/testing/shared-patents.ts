import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Test support: the real patent records in the Lens shape kept beside the project
 * (`../shared/data/patents` from the repository root). They are read in place and never copied into the project.
 */
export const SHARED_PATENTS_DIR = fileURLToPath(new URL('../../../../shared/data/patents/', import.meta.url));

/** Number of records in the shared files, from their STATS.json (`shared_records`). */
export const SHARED_PATENT_COUNT = 43_799;

export async function sharedPatentFiles(): Promise<string[]> {
  const names = await readdir(SHARED_PATENTS_DIR).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      `The shared patent records are missing: expected the folder ${SHARED_PATENTS_DIR} (../shared/data/patents beside the repository), ` +
        `which holds patents-000.jsonl ... patents-015.jsonl (${error.code ?? error.message}).`,
    );
  });
  const files = names
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(SHARED_PATENTS_DIR, name));
  if (files.length === 0)
    throw new Error(`The shared patent records are missing: ${SHARED_PATENTS_DIR} holds no .jsonl file.`);
  return files;
}

/** Streams every record of every shared file as parsed JSON, with where it came from. */
export async function* readSharedPatents(): AsyncGenerator<{ value: unknown; file: string; line: number }> {
  for (const file of await sharedPatentFiles()) {
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let line = 0;
    for await (const text of lines) {
      line += 1;
      if (text.trim() !== '') yield { value: JSON.parse(text) as unknown, file, line };
    }
  }
}
