/**
 * Lists stored as one text, items separated by U+001F (ADR 0125): a `text[]` pays a 24-byte
 * header and 4 bytes an item, a short text one byte and one an item. In SQL, `list_items(list)`
 * reads one back (migration 20261126T0500).
 */
const SEPARATOR = '\u001f';

export function listText(items: readonly string[]): string;
export function listText(items: readonly string[] | null | undefined): string | null;
export function listText(items: readonly string[] | null | undefined): string | null {
  return items ? items.join(SEPARATOR) : null;
}

/** The items of a stored list; the empty text (and a missing list) has none, as in SQL. */
export function listItems(list: string | null | undefined): string[] {
  return list ? list.split(SEPARATOR) : [];
}
