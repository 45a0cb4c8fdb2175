import { sql, type Kysely } from 'kysely';
import { ARRAYS_TO_TEXT, LISTS_AS_TEXT, searchRowFunction } from '../search-row/contract.js';

/**
 * A patent's five remaining lists (IPC and CPC symbols, inventors, applicants, owners) as one
 * text each, items separated by U+001F, as migration 20261126T0500 stored its AI types and uses
 * and the search rows' lists (ADR 0130): about 125 B a patent less. `patents` is rewritten once
 * (one ALTER for the five) inside the migration's transaction. The search row is built from the
 * stored text: its lists are the patent's (lower-cased for the names), its names vector reads
 * the names with spaces between them, as before.
 */
const LISTS = ['ipc_symbols', 'cpc_symbols', 'inventors', 'applicants', 'owners'] as const;

/**
 * One ALTER, so one rewrite. The default is set again: the old one (the empty array) would
 * otherwise be kept as the text '{}'.
 */
const retypeLists = (type: string, using: (column: string) => string, emptyList: string) =>
  sql.raw(
    `ALTER TABLE patents ${LISTS.map(
      (column) =>
        `ALTER COLUMN ${column} DROP DEFAULT, ALTER COLUMN ${column} TYPE ${type} USING ${using(column)}, ` +
        `ALTER COLUMN ${column} SET DEFAULT ${emptyList}`,
    ).join(', ')}`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`${retypeLists('text', (column) => `array_to_string(${column}, E'\\x1F')`, `''`)}`.execute(db);
  await sql`${searchRowFunction(LISTS_AS_TEXT)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`${retypeLists('text[]', (column) => `list_items(${column})`, `'{}'`)}`.execute(db);
  await sql`${searchRowFunction(ARRAYS_TO_TEXT)}`.execute(db);
}
