import { sql } from 'kysely';
import type { Db } from '@patentscout/db';
import { ClassWordCounter } from './class-words.js';
import { fillLearnedWords, readTextedPatents, replaceClassWords } from './learned-writes.js';

const PAGE = 5_000;

/** Thrown between pages when the caller stopped the step: the classes' words are all old or all new. */
export class ClassWordsStopped extends Error {
  constructor() {
    super('learning the classes’ words was stopped');
  }
}

/** Whether the classes' words were ever learned (a database migrated since has none). */
export async function hasClassWords(db: Db): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM class_words) AS found`.execute(
    db,
  );
  return rows[0]?.found ?? false;
}

/**
 * The corpus step of records that say more (ADR 0177): learns each IPC class's distinguishing
 * words from its patents' titles and abstracts, replaces them at once, then writes every patent's
 * learned words a page at a time. Patents that arrive meanwhile get theirs from the trigger (the
 * new words are in place before the fill starts); a stopped step leaves the old or new classes'
 * words whole, and the next run learns and fills again, the same rows coming out the same.
 */
export async function learnClassWords(
  db: Db,
  signal?: AbortSignal,
): Promise<{ classes: number; learnedFrom: number; patents: number; elapsedMs: number }> {
  const started = performance.now();
  const counter = new ClassWordCounter();
  let learnedFrom = 0;
  let after = '';
  for (;;) {
    if (signal?.aborted) throw new ClassWordsStopped();
    const page = await readTextedPatents(db, { after, limit: PAGE });
    if (page.length === 0) break;
    for (const row of page) counter.add({ text: row.text, ipcSymbols: row.ipc_symbols });
    learnedFrom += page.length;
    after = page.at(-1)!.lens_id;
  }
  const classes = counter.classWords();
  await replaceClassWords(db, classes);
  let last: string | null = '';
  while (last !== null) {
    if (signal?.aborted) throw new ClassWordsStopped();
    last = await fillLearnedWords(db, last, PAGE);
  }
  const { rows } = await sql<{
    patents: number;
  }>`SELECT count(*)::int AS patents FROM patent_learned`.execute(db);
  return {
    classes: classes.length,
    learnedFrom,
    patents: rows[0]?.patents ?? 0,
    elapsedMs: performance.now() - started,
  };
}
