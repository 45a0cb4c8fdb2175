/**
 * Runs tasks of the same key one after another, in the order they came (tasks of other keys run
 * meanwhile): a user's concurrent requests wait here instead of each holding a database
 * connection while they wait for one another.
 */
export function keyedSerial() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
