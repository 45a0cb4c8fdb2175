import type { Kysely, Selectable } from 'kysely';
import type { Database } from './tables.js';

/**
 * Deletes the rows of a table whose columns hold these values (an id and its owner, say), and
 * says whether there were any: the repos answer "not found" from it, for a row that is missing
 * or is not the caller's alike.
 */
export async function deleteMatching<T extends keyof Database & string>(
  executor: Kysely<Database>,
  table: T,
  match: Partial<Selectable<Database[T]>>,
): Promise<boolean> {
  // NOTE: Kysely cannot type a filter over a table chosen by a type parameter; `match` is typed above.
  const untyped = executor as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const result = await untyped
    .deleteFrom(table as string)
    .where((eb) => eb.and(match))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
