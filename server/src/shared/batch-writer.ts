/** Items written in one statement at most; more wait for the next. */
const BATCH_MAX = 64;
/** A batch that fails is tried again after this long, this many times, then given up (and said). */
const RETRY_MS = 1_000;
const ATTEMPTS = 5;

/** A queue of writes kept off the answer's path (see `createBatchWriter`). */
export interface BatchWriter<Item> {
  /** Queues an item, to be written with the others queued before the event loop is free. */
  queue(item: Item): void;
  /** Resolves once every item queued so far is written (at once when none is waiting). */
  settled(): Promise<void>;
}

/**
 * Writes kept off the answer's path (ADR 0118): an answer queues what it wants written and goes
 * on, and the items queued meanwhile are written together, in batches, as soon as the event loop
 * is free. A batch that fails is tried again for a few seconds (a database restarting), then
 * reported as lost. Reads that must see the writes wait for `settled`.
 */
export function createBatchWriter<Item>(deps: {
  write: (batch: Item[]) => Promise<void>;
  onError: (error: unknown, lost: number) => void;
}): BatchWriter<Item> {
  const queue: Item[] = [];
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;

  async function write(batch: Item[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await deps.write(batch);
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
    /** Queues an item, to be written with the others queued before the event loop is free. */
    queue(item: Item): void {
      queue.push(item);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    /** Resolves once every item queued so far is written (at once when none is waiting). */
    async settled(): Promise<void> {
      if (queue.length === 0 && !scheduled) return writing;
      flush();
      return writing;
    },
  };
}
