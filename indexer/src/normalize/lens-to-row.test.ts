import { LEGAL_STATUSES, LensPatentRecordSchema, type LensPatentRecord } from '@patentscout/schema';
import { readSharedPatents, SHARED_PATENT_COUNT } from '@patentscout/schema/testing/shared-patents';
import { listItems, listText, type NewPatent } from '@patentscout/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimsText } from './lens-text.js';
import { lensRecordToRow } from './lens-to-row.js';

const records = new Map<string, LensPatentRecord>();
const rows = new Map<string, NewPatent>();

beforeAll(async () => {
  for await (const { value } of readSharedPatents()) {
    const record = LensPatentRecordSchema.parse(value);
    records.set(record.id ?? '', record);
    rows.set(record.id ?? '', lensRecordToRow(record));
  }
}, 60_000);

const rowOf = (id: string) => {
  const row = rows.get(id);
  if (!row) throw new Error(`No shared record ${id}`);
  return row;
};

describe('lensRecordToRow on the shared real records', () => {
  it('gives every record a row with a unique key and doc key', () => {
    expect(rows.size).toBe(SHARED_PATENT_COUNT);
    const all = [...rows.values()];
    expect(new Set(all.map((row) => row.lens_id)).size).toBe(all.length);
    expect(new Set(all.map((row) => row.doc_key)).size).toBe(all.length);
    const stored = new Set<string>(LEGAL_STATUSES.map((status) => status.stored));
    for (const [id, row] of rows) {
      expect(stored.has(row.patent_status ?? '')).toBe(true);
      expect(row.first_ipc ?? null).toBe(listItems(row.ipc_symbols)[0] ?? null);
      // The language of the title shown: the English one's when there is one.
      const titles = records.get(id)!.biblio.invention_title ?? [];
      const shown = titles.find((title) => !title.lang || title.lang.toLowerCase() === 'en') ?? titles[0];
      expect(row.title_lang ?? null).toBe(shown?.lang ?? null);
    }
  });

  it('reads a Lens CSV record: classifications, parties, priority, family size only', () => {
    const row = rowOf('AR_021856_A1_20020807');
    expect(listItems(row.cpc_symbols)).toContain('H04R1/283');
    expect(row).toMatchObject({
      lens_id: '189-466-043-698-920',
      doc_key: 'AR_021856_A1_20020807',
      kind: 'A1',
      title: expect.stringMatching(/^Elemento Pasivo/),
      ipc_symbols: listText(['B60R11/00', 'B60R11/02', 'H04R1/28']),
      first_ipc: 'B60R11/00',
      applicants: listText(['ASK IND SPA']),
      inventors: '',
      earliest_priority_date: '1998-11-23',
      patent_status: 'UNKNOWN',
      family_id: '189-466-043-698-920',
      family_members: '[]',
    });
  });

  it('reads a full Lens JSON record: English title, claims, family and its smallest member id', () => {
    const row = rowOf('CN_102206141_A_20111005');
    expect(row.title).toBe('Molecular distillation separation method of bio-oil');
    expect(row.abstract).not.toBe('');
    expect(row.family_id).toBe('038-066-141-127-891');
    expect(JSON.parse(String(row.family_members))).toEqual([
      ['150-275-199-424-371', 'CN', '102206141', 'B', '2013-09-25'],
      ['038-066-141-127-891', 'CN', '102206141', 'A', '2011-10-05'],
    ]);
  });

  it('keeps the claims as text, joining the fragments of each claim entry', () => {
    const claims = rowOf('WO_2015105917_A1_20150716').claims ?? '';
    expect(claims).toMatch(
      /^What is claimed is: 1 \. A method of diagnosing the presence of cancer in a subject without the need for a biopsy, comprising: obtaining/,
    );
    expect(rowOf('US_9785570_B2_20171010').claims).toMatch(/^1\. A driver module for an operating system/);
  });

  it('keys a record without a Lens id by its stable publication id', () => {
    const row = rowOf('US_10002136_B2_20180619');
    expect(row.lens_id).toBe('US_10002136_B2_20180619');
    expect(row.family_id).toBe('US_10002136_B2_20180619');
    const withoutKind = [...rows.values()].find((candidate) => candidate.kind === '');
    expect(withoutKind?.lens_id).toMatch(/^[A-Z]{2}_[^_]+__\d{8}$/);
    expect(withoutKind?.doc_key).toBe(withoutKind?.lens_id);
  });

  it('stores a reported status, PATENTED for a grant without one, and UNKNOWN otherwise', () => {
    const statusOf = (id: string) => rowOf(id).patent_status;
    const reported = [...records.values()].find(
      (record) => record.legal_status?.patent_status === 'DISCONTINUED',
    );
    expect(statusOf(reported?.id ?? '')).toBe('DISCONTINUED');
    expect(statusOf('BE_1017073_A3_20080205')).toBe('PATENTED');
    expect(statusOf('AR_021856_A1_20020807')).toBe('UNKNOWN');
  });
});

describe('claimsText', () => {
  it('reads the Lens claim groups, preferring English', () => {
    const claims = [
      { claims: [{ claim_text: ['1. Un dispositif.'] }], lang: 'fr' },
      {
        claims: [{ claim_text: ['1. A device.'] }, { claim_text: ['2. The device of claim 1.'] }],
        lang: 'en',
      },
    ];
    expect(claimsText(claims)).toBe('1. A device.\n2. The device of claim 1.');
    expect(claimsText([{ claims: [{ claim_text: ['1. A device, comprising:', 'a handle.'] }] }])).toBe(
      '1. A device, comprising: a handle.',
    );
  });

  it('accepts other shapes and missing claims', () => {
    expect(claimsText(['1. A bat.', '2. The bat of claim 1.'])).toBe('1. A bat.\n2. The bat of claim 1.');
    expect(claimsText({ text: '1. A bat.' })).toBe('1. A bat.');
    expect(claimsText(undefined)).toBe('');
    expect(claimsText(42)).toBe('');
  });
});
