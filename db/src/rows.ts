import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from './tables.js';

// NOTE: Kysely cannot type a query over a table chosen by a type parameter; these helpers type
// their arguments and answers against `Database` and run the query untyped.
type Untyped = Kysely<Record<string, Record<string, unknown>>>;

/** The columns of a table whose columns hold these values (an id, its owner), as a filter. */
export type RowMatch<T extends keyof Database> = Partial<Selectable<Database[T]>>;

/**
 * The match, once it names a value for each of its columns: `{}` (or only undefined values) would
 * match every row of the table, and a delete would empty it.
 */
function checkedMatch<T extends keyof Database>(table: T & string, match: RowMatch<T>): RowMatch<T> {
  const entries = Object.entries(match);
  if (entries.length === 0 || entries.some(([, value]) => value === undefined))
    throw new Error(`A match on ${table} must give a value for each column it names`);
  return match;
}

/**
 * Deletes the rows of a table whose columns hold these values (an id and its owner, say), and
 * says whether there were any: the repos answer "not found" from it, for a row that is missing
 * or is not the caller's alike.
 */
export async function deleteMatching<T extends keyof Database & string>(
  executor: Kysely<Database>,
  table: T,
  match: RowMatch<T>,
): Promise<boolean> {
  const filter = checkedMatch(table, match);
  const result = await (executor as unknown as Untyped)
    .deleteFrom(table as string)
    .where((eb) => eb.and(filter))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** These columns of the first row of a table whose columns hold these values; none without one. */
export async function selectOne<
  T extends keyof Database & string,
  C extends keyof Selectable<Database[T]> & string,
>(
  executor: Kysely<Database>,
  table: T,
  columns: readonly C[],
  match: RowMatch<T>,
): Promise<Pick<Selectable<Database[T]>, C> | undefined> {
  const filter = checkedMatch(table, match);
  const row = await (executor as unknown as Untyped)
    .selectFrom(table as string)
    .select(columns as readonly string[])
    .where((eb) => eb.and(filter))
    .executeTakeFirst();
  return row as Pick<Selectable<Database[T]>, C> | undefined;
}

/** Inserts rows in one statement; nothing at all for none (an empty VALUES is not SQL). */
export async function insertRows<T extends keyof Database & string>(
  executor: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  if (rows.length === 0) return;
  await (executor as unknown as Untyped)
    .insertInto(table as string)
    .values(rows as Array<Record<string, unknown>>)
    .execute();
}
