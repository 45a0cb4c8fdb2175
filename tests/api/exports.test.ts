import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { toCsv } from '../../client/src/features/export/csv';
import {
  exportFileName,
  toExportRows,
  type ExportDetails,
  type ExportItem,
} from '../../client/src/features/export/exportRows';
import { toPdf } from '../../client/src/features/export/pdf';
import { toRis } from '../../client/src/features/export/ris';
import { collectionsUser } from './collections-kit.js';
import { graphql } from './http.js';

let app: TestApp;
let user: EmulatorUser;
const battery = patentRow({
  title: 'LITHIUM BATTERY, "SAFE" EDITION',
  abstract: 'An electrode.',
  ipc_symbols: ['H01M4/13', 'H01M10/05'],
  first_ipc: 'H01M4/13',
  inventors: ['SMITH JANE', 'DOE, JOHN'],
  applicants: ['ACME CORP'],
  owners: ['ACME HOLDINGS'],
  jurisdiction: 'AU',
  kind: 'A1',
  date_published: '2016-05-05',
});
const solar = patentRow({ title: 'SOLAR HOME STORAGE', abstract: 'Solar.' });

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [battery, solar]);
  user = await createEmulatorUser({ verified: true });
});
afterAll(() => app.close());

const DETAILS = `query ($lensIds: [ID!]!) {
  patentExportDetails(lensIds: $lensIds) { lens_id inventors applicants owners ipc_symbols family_size }
}`;

describe("a collection's export fields", () => {
  it('give each member the AI types and sample uses that a search result gives', async () => {
    const owner = await collectionsUser(app, 'Exporter');
    const gql = async (query: string, variables: Record<string, unknown>) =>
      (await graphql(app.baseUrl, query, variables, owner.idToken)).data;
    const { createCollection } = await gql(
      'mutation { createCollection(input: { name: "To export" }) { id } }',
      {},
    );
    await gql(
      'mutation A($id: ID!, $l: String!) { addCollectionMember(id: $id, input: { lens_id: $l }) { lens_id } }',
      { id: createCollection.id, l: battery.lens_id },
    );
    const { collection } = await gql(
      'query C($id: ID!) { collection(id: $id) { members { ai_types ai_uses } } }',
      { id: createCollection.id },
    );
    expect(collection.members).toEqual([
      { ai_types: ['Invention'], ai_uses: ['Doing things', 'Making widgets, cheaply'] },
    ]);
  });
});

describe('patentExportDetails', () => {
  it('gives the parties, IPC symbols and family size in the order asked, without unknown ids', async () => {
    const { data, errors } = await graphql(
      app.baseUrl,
      DETAILS,
      { lensIds: [solar.lens_id, 'no-such-id', battery.lens_id] },
      user.idToken,
    );
    expect(errors).toBeUndefined();
    expect(data.patentExportDetails.map((row: { lens_id: string }) => row.lens_id)).toEqual([
      solar.lens_id,
      battery.lens_id,
    ]);
    expect(data.patentExportDetails[1]).toEqual({
      lens_id: battery.lens_id,
      inventors: ['SMITH JANE', 'DOE, JOHN'],
      applicants: ['ACME CORP'],
      owners: ['ACME HOLDINGS'],
      ipc_symbols: ['H01M4/13', 'H01M10/05'],
      family_size: 1,
    });
  });

  it('needs a sign-in and refuses more than 500 ids', async () => {
    const signedOut = await graphql(app.baseUrl, DETAILS, { lensIds: [battery.lens_id] });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('NOT_AUTHENTICATED');
    const many = Array.from({ length: 501 }, (_, index) => `id-${index}`);
    const tooMany = await graphql(app.baseUrl, DETAILS, { lensIds: many }, user.idToken);
    expect(tooMany.errors?.[0]?.message).toContain('At most 500');
  });
});

/** 23 results: the first with every field, names with commas and quotes, a summary with a line break. */
function exportRows() {
  const items: ExportItem[] = Array.from({ length: 23 }, (_, index) => ({
    lens_id: index === 0 ? battery.lens_id : `000-000-000-9${String(index).padStart(2, '0')}-00X`,
    doc_key: `AU_${9000 + index}_A1_20160505`,
    patent_status: 'ACTIVE',
    search_result_order: 23 - index,
    generative_data: {
      title: index === 0 ? 'Safer "lithium" battery, with electrodes' : `Result ${index + 1}`,
      summary: 'A battery.\nIt stores energy; =SUM(A1) is not a formula here.',
      types: ['Energy storage'],
      uses: ['Phones', 'Cars'],
    },
    biblio: {
      publication_reference: {
        jurisdiction: 'AU',
        doc_number: String(9000 + index),
        kind: 'A1',
        date: '2016-05-05',
      },
      invention_title: index === 0 ? 'LITHIUM BATTERY, "SAFE" EDITION' : `TITLE ${index + 1}`,
    },
    family_members:
      index === 0
        ? [
            { jurisdiction: 'US', doc_number: '10123456', kind: 'B2' },
            { jurisdiction: 'EP', doc_number: '3123456', kind: 'A1' },
          ]
        : [],
  }));
  const details: ExportDetails[] = [
    {
      lens_id: battery.lens_id,
      inventors: ['SMITH JANE', 'DOE, JOHN'],
      applicants: ['ACME CORP'],
      owners: ['ACME HOLDINGS'],
      ipc_symbols: ['H01M4/13', 'H01M10/05'],
      family_size: 3,
    },
  ];
  return toExportRows(items, details, 'https://patentscout.example');
}

describe('the results exports', () => {
  it('names files after the query and the date', () => {
    expect(exportFileName('Solar panels: "cheap" & fast!', new Date('2026-11-25T10:00:00Z'), 'csv')).toBe(
      'PatentScout-solar-panels-cheap-fast-2026-11-25.csv',
    );
    expect(exportFileName('电池', new Date('2026-11-25T10:00:00Z'), 'pdf')).toBe(
      'PatentScout-search-2026-11-25.pdf',
    );
  });

  it('writes a CSV that parses back to every card field, the parties, IPC and family size', () => {
    const csv = toCsv(exportRows());
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(23);
    const first = parsed.data[0]!;
    expect(first).toMatchObject({
      Position: '1',
      'Relevance rank': '23',
      'Lens ID': battery.lens_id,
      'Document number': 'AU 9000 A1',
      Country: 'Australia',
      'Kind description': 'Patent application',
      'Date published': '2016-05-05',
      'Legal status': 'ACTIVE',
      'AI title': 'Safer "lithium" battery, with electrodes',
      'Original title': 'LITHIUM BATTERY, "SAFE" EDITION',
      'AI summary': 'A battery.\nIt stores energy; =SUM(A1) is not a formula here.',
      Types: 'Energy storage',
      'Sample uses': 'Phones; Cars',
      Inventors: 'SMITH JANE; DOE, JOHN',
      Applicants: 'ACME CORP',
      Owners: 'ACME HOLDINGS',
      'IPC symbols': 'H01M4/13; H01M10/05',
      'Family size': '3',
      'Family members': 'US 10123456 B2; EP 3123456 A1',
      'Patent page': `https://patentscout.example/patents/${battery.lens_id}`,
    });
    expect(parsed.data[1]!['Family size']).toBe('');
    expect(parsed.data[1]!['Family members']).toBe('');
  });

  it('writes RIS records of type PAT that reference managers read', () => {
    const ris = toRis(exportRows());
    const records = ris
      .trim()
      .split(/\r\nER {2}- ?/)
      .filter((record) => record.trim() !== '');
    expect(records).toHaveLength(23);
    const lines = ris.split('\r\n');
    expect(lines[0]).toBe('TY  - PAT');
    expect(lines.every((line) => line === '' || /^[A-Z][A-Z0-9] {2}- /.test(line) || line === 'ER  - ')).toBe(
      true,
    );
    const first = records[0]!;
    expect(first).toContain('TI  - LITHIUM BATTERY, "SAFE" EDITION');
    expect(first).toContain('AU  - SMITH JANE\r\nAU  - DOE, JOHN');
    expect(first).toContain('A2  - ACME CORP');
    expect(first).toContain('PB  - ACME HOLDINGS');
    expect(first).toContain('PY  - 2016');
    expect(first).toContain('DA  - 2016/05/05');
    expect(first).toContain('AB  - A battery. It stores energy; =SUM(A1) is not a formula here.');
    expect(first).toContain('IS  - AU 9000 A1');
    expect(first).toContain('CY  - Australia');
    expect(first).toContain('KW  - H01M4/13\r\nKW  - H01M10/05');
    expect(first).toContain(`UR  - https://patentscout.example/patents/${battery.lens_id}`);
    expect(ris.match(/^TY {2}- PAT$/gm)).toHaveLength(23);
    expect(ris.match(/^ER {2}- $/gm)).toHaveLength(23);
  });

  it('writes a PDF of one page per ten results that pdftoppm renders with ink', async () => {
    const bytes = Buffer.from(
      await toPdf(exportRows(), { heading: 'search “lithium battery”', date: new Date('2026-11-25') }),
    );
    expect(bytes.toString('latin1', 0, 5)).toBe('%PDF-');
    const folder = mkdtempSync(path.join(tmpdir(), 'results-export-'));
    writeFileSync(path.join(folder, 'results.pdf'), bytes);
    execFileSync('pdftoppm', ['-r', '30', '-gray', 'results.pdf', 'page'], { cwd: folder });
    const pages = readdirSync(folder)
      .filter((name) => name.endsWith('.pgm'))
      .sort();
    expect(pages).toHaveLength(3);
    const image = readFileSync(path.join(folder, pages[0]!));
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.toString('latin1', 0, 40))!;
    const pixels = image.subarray(header[0].length);
    expect(pixels.filter((value) => value < 160).length / pixels.length).toBeGreaterThan(0.005);
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', 'results.pdf', '-'], {
      cwd: folder,
    }).toString();
    expect(text).toContain('1. Safer "lithium" battery, with electrodes');
    expect(text).toContain('10. Result 10');
    expect(text).not.toContain('11. Result 11');
    expect(text).toContain('page 1 of 3');
  });

  it("writes a collection's PDF headed as a collection, with its tags, in any script", async () => {
    const [row] = exportRows();
    const rows = [
      {
        ...row!,
        aiTitle: 'Ηλιακή μπαταρία ☀️ for Łódź',
        summary: 'Аккумулятор для солнечных панелей. 太阳能 🦄',
        note: 'Prüfen',
        tags: ['claim-1', 'Ελλάδα'],
      },
    ];
    const bytes = await toPdf(rows, { heading: 'collection “Κρυπτό”', date: new Date('2026-11-25') });
    const folder = mkdtempSync(path.join(tmpdir(), 'collection-export-'));
    writeFileSync(path.join(folder, 'collection.pdf'), bytes);
    const text = execFileSync('pdftotext', ['collection.pdf', '-'], { cwd: folder, encoding: 'utf8' });
    expect(text).toContain('PatentScout collection “Κρυπτό”');
    expect(text).not.toContain('search');
    expect(text).toContain('1. Ηλιακή μπαταρία ☀ for Łódź');
    expect(text).toContain('Аккумулятор для солнечных панелей.');
    expect(text).toContain('Note: Prüfen');
    expect(text).toContain('Tags: claim-1; Ελλάδα');
    // What no embedded font has is a box, and the page says what the box means; never a "?".
    expect(text).toContain('□□□ □');
    expect(text).toContain('□ stands for a character this PDF cannot draw');
    expect(text).not.toContain('?');
    const fonts = execFileSync('pdffonts', ['collection.pdf'], { cwd: folder, encoding: 'utf8' });
    expect(fonts).toMatch(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes/);
    // Only the glyphs used are written: the whole DejaVu Sans pair alone is 1.4 MB.
    expect(bytes.length).toBeLessThan(300_000);
  });
});
