import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { toCsv } from '../export/csv';
import { toExportRows } from '../export/exportRows';
import { exportItemsOf, familiesOf, tagsOf } from './collectionView';
import type { Member } from './FamilyCard';

function member(overrides: Partial<Member> & { lens_id: string }): Member {
  return {
    __typename: 'CollectionMember',
    doc_key: `US_${overrides.lens_id}_B2_20200101`,
    title: `TITLE ${overrides.lens_id}`,
    family_id: null,
    note: '',
    tags: [],
    in_corpus: true,
    jurisdiction: 'US',
    doc_number: overrides.lens_id,
    kind: 'B2',
    date_published: '2020-01-01',
    patent_status: 'ACTIVE',
    ai_title: null,
    ai_summary: null,
    ai_types: [],
    ai_uses: [],
    added_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const members = [
  member({
    lens_id: 'a',
    family_id: 'f1',
    tags: ['Key'],
    added_at: '2026-11-03T00:00:00.000Z',
    title: 'ZEBRA',
  }),
  member({ lens_id: 'b', family_id: 'f1', tags: ['later'], date_published: '2022-01-01' }),
  member({ lens_id: 'c', tags: ['key'], title: 'APPLE', date_published: '2010-01-01' }),
  member({
    lens_id: 'd',
    in_corpus: false,
    jurisdiction: null,
    doc_number: null,
    kind: null,
    patent_status: null,
  }),
];
const cards = (families: Member[][]) => families.map((family) => family.map((one) => one.lens_id));

describe("a collection's cards", () => {
  it('are one per simple family, filtered by a tag in any case, in the order asked', () => {
    expect(cards(familiesOf(members, '', 'added'))).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(cards(familiesOf(members, 'KEY', 'added'))).toEqual([['a', 'b'], ['c']]);
    expect(cards(familiesOf(members, 'later', 'title'))).toEqual([['a', 'b']]);
    expect(cards(familiesOf(members, '', 'title'))).toEqual([['c'], ['d'], ['a', 'b']]);
    expect(cards(familiesOf(members, '', 'published'))).toEqual([['a', 'b'], ['d'], ['c']]);
  });

  it('list every tag once', () => {
    expect(tagsOf(members)).toEqual(['Key', 'later']);
  });

  it("export with the results' exports, notes and tags beside each patent", () => {
    const annotations = new Map([['c', { note: 'Why it matters', tags: ['key'] }]]);
    const rows = toExportRows(
      exportItemsOf(familiesOf(members, 'key', 'title')),
      [],
      'https://x',
      annotations,
    );
    expect(rows.map((row) => [row.lensId, row.note, row.tags])).toEqual([
      ['c', 'Why it matters', ['key']],
      ['a', '', []],
      ['b', '', []],
    ]);
    expect(exportItemsOf([[members[3]!]])[0]!.patent_status).toBe('NO LONGER IN THE CORPUS');
  });

  it('export the AI types and sample uses, as the results fill them', () => {
    const typed = member({ lens_id: 'e', ai_types: ['Device'], ai_uses: ['Phones', 'Cars'] });
    const csv = toCsv(toExportRows(exportItemsOf([[typed]]), [], 'https://x', new Map()));
    const [header, row] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(row![header!.indexOf('Types')]).toBe('Device');
    expect(row![header!.indexOf('Sample uses')]).toBe('Phones; Cars');
  });
});
