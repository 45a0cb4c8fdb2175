import { sql, type Kysely } from 'kysely';
import { ARRAYS, ARRAYS_TO_TEXT, searchRowFunction } from '../search-row/contract.js';

/**
 * Lists as one text each, items separated by U+001F (ADR 0125): a `text[]` pays a 24-byte header
 * and 4 bytes an item, a short text one byte and one an item. The five lists of a search row
 * (IPC and CPC symbols, inventors', applicants' and owners' exact names) in `patent_search` and
 * its two samples, and a patent's AI types and uses (its largest lists) in `patents`. Each table
 * is rewritten once (one ALTER for its lists) inside the migration's transaction; `list_items(list)`
 * reads a list back, and is the expression of the search lists' GIN indexes.
 */
const SEARCH_TABLES = ['patent_search', 'patent_search_sample', 'patent_search_subsample'] as const;
const LISTS = ['ipc_symbols', 'cpc_symbols', 'inventors_exact', 'applicants_exact', 'owners_exact'] as const;
/** A patent without AI text keeps NULL. */
const AI_LISTS = ['ai_types', 'ai_uses'] as const;
const LIST_INDEXES = [
  ['patent_search_ipc_idx', 'classification_prefixes', 'ipc_symbols'],
  ['patent_search_cpc_idx', 'classification_prefixes', 'cpc_symbols'],
  ['patent_search_inventors_idx', null, 'inventors_exact'],
  ['patent_search_applicants_idx', null, 'applicants_exact'],
  ['patent_search_owners_idx', null, 'owners_exact'],
] as const;

const dropListIndexes = (db: Kysely<unknown>) =>
  sql`DROP INDEX ${sql.raw(LIST_INDEXES.map(([index]) => index).join(', '))}`.execute(db);

async function createListIndexes(db: Kysely<unknown>, item: (column: string) => string): Promise<void> {
  for (const [index, over, column] of LIST_INDEXES) {
    const expression = over ? `${over}(${item(column)})` : item(column);
    await sql`CREATE INDEX ${sql.raw(index)} ON patent_search USING gin (${sql.raw(expression)})`.execute(db);
  }
}

/** One ALTER a table, so one rewrite: the lists' old bytes leave the table and its indexes at once. */
async function retypeLists(
  db: Kysely<unknown>,
  type: string,
  using: (column: string) => string,
): Promise<void> {
  const retype = (columns: readonly string[]) =>
    sql.raw(columns.map((column) => `ALTER COLUMN ${column} TYPE ${type} USING ${using(column)}`).join(', '));
  for (const table of SEARCH_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ${retype(LISTS)}`.execute(db);
    // The rewrite forgets the changed columns' statistics, which the planner and term-stats read.
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
  await sql`ALTER TABLE patents ${retype(AI_LISTS)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // U+001F (unit separator): a control character that no name or symbol of the provider's data
  // holds (an item holding one would read back as two); string_to_array('', ...) is the empty list.
  await sql`
    CREATE FUNCTION list_items(list text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT string_to_array(list, E'\\x1F') $$`.execute(db);
  await dropListIndexes(db);
  await retypeLists(db, 'text', (column) => `array_to_string(${column}, E'\\x1F')`);
  await sql`${searchRowFunction(ARRAYS_TO_TEXT)}`.execute(db);
  await createListIndexes(db, (column) => `list_items(${column})`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropListIndexes(db);
  await retypeLists(db, 'text[]', (column) => `list_items(${column})`);
  await sql`${searchRowFunction(ARRAYS)}`.execute(db);
  await createListIndexes(db, (column) => column);
  await sql`DROP FUNCTION list_items(text)`.execute(db);
}
