import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export interface PartLog {
  write(text: string): void;
  /** The last few kilobytes written (for a failure message). */
  lastLines(): string;
  close(): void;
}

const KEPT_CHARACTERS = 4_000;

/**
 * A part's own log file (appended to across restarts), and its last lines in memory; without a
 * file, the memory only.
 */
export async function openPartLog(file: string | undefined): Promise<PartLog> {
  let tail = '';
  if (file) await mkdir(path.dirname(file), { recursive: true });
  const stream = file ? createWriteStream(file, { flags: 'a' }) : undefined;
  let open = true;
  stream?.write(`--- started ${new Date().toISOString()} ---\n`);
  return {
    write(text) {
      tail = (tail + text).slice(-KEPT_CHARACTERS);
      if (open) stream?.write(text);
    },
    lastLines: () => tail,
    close() {
      if (!open) return;
      open = false;
      stream?.end();
    },
  };
}
