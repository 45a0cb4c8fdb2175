import type { ExportRow } from './exportRows';
import { PRODUCT_NAME } from '@patentscout/schema';

/** One RIS line: a two-letter tag, two spaces, a dash, a space, the value on one line. */
function line(tag: string, value: string | number): string {
  return `${tag}  - ${String(value).replace(/\s+/g, ' ').trim()}`;
}

/**
 * The rows as RIS for reference managers (Zotero, EndNote, Mendeley): one `TY  - PAT` record
 * each. Inventors are authors (AU), applicants the secondary authors (A2), owners the publisher
 * or assignee (PB); the publication number is IS and M1, the IPC symbols keywords.
 */
export function toRis(rows: readonly ExportRow[]): string {
  const records = rows.map((row) => {
    const lines = [line('TY', 'PAT'), line('TI', row.title || row.aiTitle)];
    if (row.aiTitle && row.aiTitle !== row.title) lines.push(line('ST', row.aiTitle));
    row.inventors.forEach((name) => lines.push(line('AU', name)));
    row.applicants.forEach((name) => lines.push(line('A2', name)));
    if (row.owners.length > 0) lines.push(line('PB', row.owners.join('; ')));
    if (row.datePublished) {
      lines.push(line('PY', row.datePublished.slice(0, 4)));
      lines.push(line('DA', row.datePublished.replace(/-/g, '/')));
    }
    if (row.summary) lines.push(line('AB', row.summary));
    lines.push(line('IS', row.documentNumber), line('M1', row.documentNumber));
    lines.push(line('CY', row.country));
    if (row.kindDescription) lines.push(line('M3', row.kindDescription));
    row.ipcSymbols.forEach((symbol) => lines.push(line('KW', symbol)));
    row.tags?.forEach((tag) => lines.push(line('KW', tag)));
    if (row.note) lines.push(line('N1', `Note: ${row.note}`));
    lines.push(
      line(
        'N1',
        `Legal status: ${row.legalStatus}. Lens ID: ${row.lensId}.${row.familySize ? ` Simple family: ${row.familySize}.` : ''}`,
      ),
    );
    lines.push(line('UR', row.url), line('DB', PRODUCT_NAME), 'ER  - ');
    return lines.join('\r\n');
  });
  return `${records.join('\r\n\r\n')}\r\n`;
}
