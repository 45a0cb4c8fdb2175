import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The figures of a benchmark's finished sections, kept in a file so that a run stopped half-way
 * (a crash, Ctrl-C, a reboot) resumes at the section it was in: a run with the same options over
 * the same code skips what is kept and prints it again. Other options or other code start afresh.
 */
export interface ResultStore {
  /** The kept figures of `section` at `size`, when this run's options and code made them. */
  get<T>(size: number, section: string): { figures: T; at: string } | undefined;
  put(size: number, section: string, figures: unknown): void;
}

interface StoredResults {
  runKey: string;
  sections: Record<string, { figures: unknown; at: string }>;
}

/** The code measured: the commit and any change to the code that a benchmark runs. */
function codeVersion(): string {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return 'no git';
    }
  };
  const changes = git('diff', 'HEAD', '--', 'server', 'indexer', 'schema', 'tests/bench', 'package.json');
  return `${git('rev-parse', 'HEAD').trim()}+${createHash('sha256').update(changes).digest('hex').slice(0, 12)}`;
}

export function openResults(file: string, options: unknown, fresh: boolean): ResultStore {
  const runKey = JSON.stringify({ options, code: codeVersion() });
  let stored: StoredResults = { runKey, sections: {} };
  if (!fresh && existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as StoredResults;
    if (kept.runKey === runKey) stored = kept;
  }
  const save = () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, `${JSON.stringify(stored, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  };
  save();
  return {
    get<T>(size: number, section: string) {
      return stored.sections[`${size}/${section}`] as { figures: T; at: string } | undefined;
    },
    put(size, section, figures) {
      stored.sections[`${size}/${section}`] = { figures, at: new Date().toISOString() };
      save();
    },
  };
}
