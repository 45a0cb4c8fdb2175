import { closeSync, createWriteStream, fstatSync, openSync, readSync, writeSync } from 'node:fs';
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

/** A log file a child process writes itself (its stdout and stderr), and its last lines. */
export interface ChildLog {
  fd: number;
  lastLines(): string;
  close(): void;
}

export async function openChildLog(file: string): Promise<ChildLog> {
  await mkdir(path.dirname(file), { recursive: true });
  const fd = openSync(file, 'a');
  writeSync(fd, `--- started ${new Date().toISOString()} ---\n`);
  const startedAt = fstatSync(fd).size;
  let open = true;
  return {
    fd,
    lastLines() {
      const size = fstatSync(fd).size;
      const from = Math.max(startedAt, size - KEPT_CHARACTERS);
      const buffer = Buffer.alloc(size - from);
      const reader = openSync(file, 'r');
      try {
        readSync(reader, buffer, 0, buffer.length, from);
      } finally {
        closeSync(reader);
      }
      return buffer.toString('utf8');
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}
