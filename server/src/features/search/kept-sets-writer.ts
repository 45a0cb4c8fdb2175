import { randomUUID } from 'node:crypto';
import type { NewResultSet, ResultSetsRepo } from './result-sets.repo.js';

/** Sets written in one statement at most; more wait for the next. */
const BATCH_MAX = 64;
/** A batch that fails is tried again after this long, this many times, then given up (and said). */
const RETRY_MS = 1_000;
const ATTEMPTS = 5;

/**
 * Kept result sets written off the answer's path (ADR 0118): a search answers with its set's id
 * at once, and the sets of the searches answered meanwhile are written together, in one
 * statement, as soon as the event loop is free. Reads of kept sets wait for the writes in flight
 * (`settled`), so that a set is found from the moment its id was answered.
 */
export function createKeptSetsWriter(deps: {
  repo: Pick<ResultSetsRepo, 'storeMany'>;
  onError: (error: unknown, lost: number) => void;
}) {
  const queue: Array<NewResultSet & { id: string }> = [];
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;

  async function write(batch: Array<NewResultSet & { id: string }>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await deps.repo.storeMany(batch);
        return;
      } catch (error) {
        if (attempt >= ATTEMPTS) {
          deps.onError(error, batch.length);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  function flush(): void {
    scheduled = false;
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH_MAX);
      writing = writing.then(() => write(batch));
    }
  }

  return {
    /** Queues a set; answers its id at once. */
    keep(set: NewResultSet): string {
      const id = randomUUID();
      queue.push({ ...set, id });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return id;
    },
    /** Resolves once every set queued so far is written (at once when none is waiting). */
    async settled(): Promise<void> {
      if (queue.length === 0 && !scheduled) return writing;
      flush();
      return writing;
    },
  };
}

export type KeptSetsWriter = ReturnType<typeof createKeptSetsWriter>;
