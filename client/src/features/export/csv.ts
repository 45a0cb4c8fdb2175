import Papa from 'papaparse';
import type { ExportRow } from './exportRows';

/** The CSV's columns: header and value, in order. Lists are joined with "; ". */
const COLUMNS: ReadonlyArray<[string, (row: ExportRow) => string | number]> = [
  ['Position', (row) => row.position],
  ['Relevance rank', (row) => row.relevanceRank],
  ['Lens ID', (row) => row.lensId],
  ['Document key', (row) => row.docKey],
  ['Document number', (row) => row.documentNumber],
  ['Country code', (row) => row.countryCode],
  ['Country', (row) => row.country],
  ['Kind', (row) => row.kind],
  ['Kind description', (row) => row.kindDescription],
  ['Date published', (row) => row.datePublished],
  ['Legal status', (row) => row.legalStatus],
  ['AI title', (row) => row.aiTitle],
  ['Original title', (row) => row.title],
  ['AI summary', (row) => row.summary],
  ['Types', (row) => row.types.join('; ')],
  ['Sample uses', (row) => row.uses.join('; ')],
  ['Inventors', (row) => row.inventors.join('; ')],
  ['Applicants', (row) => row.applicants.join('; ')],
  ['Owners', (row) => row.owners.join('; ')],
  ['IPC symbols', (row) => row.ipcSymbols.join('; ')],
  ['Family size', (row) => row.familySize ?? ''],
  ['Family members', (row) => row.familyMembers.join('; ')],
  ['Patent page', (row) => row.url],
];
/** A collection's own columns, when the rows carry its notes and tags. */
const ANNOTATION_COLUMNS: typeof COLUMNS = [
  ['Note', (row) => row.note ?? ''],
  ['Tags', (row) => (row.tags ?? []).join('; ')],
];

/**
 * The rows as CSV (RFC 4180 quoting by papaparse), with a byte-order mark so that spreadsheets
 * read names in any script as UTF-8. Cells starting with = + - @ are prefixed with an apostrophe,
 * so that a spreadsheet never runs a title as a formula.
 */
export function toCsv(rows: readonly ExportRow[]): string {
  const columns = rows.some((row) => row.note !== undefined) ? [...COLUMNS, ...ANNOTATION_COLUMNS] : COLUMNS;
  return `\uFEFF${Papa.unparse(
    {
      fields: columns.map(([header]) => header),
      data: rows.map((row) => columns.map(([, value]) => value(row))),
    },
    { newline: '\r\n', escapeFormulae: true },
  )}`;
}
