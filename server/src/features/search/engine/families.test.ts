import { describe, expect, it } from 'vitest';
import { familyRows, patentRow } from '../../../testing/patent-fixtures.js';
import { parseLensQuery } from '../query/parser.js';
import { compileLensQuery } from './compile.js';
import { NO_FILTERS } from './filters.js';
import { UNKNOWN_VALUE_SHARES } from './plan.js';
import type { RankedCandidates } from './rank.js';
import { engineTestCorpus } from '../../../testing/search-engine-kit.js';

/**
 * One hit per simple family (ADR 0100): the best-ranked matching member represents its family
 * and carries the family's other indexed members; a search for one office's document is
 * represented by that document.
 */
const electrolyte = (overrides: Parameters<typeof patentRow>[0]) =>
  patentRow({
    title: 'SOLID STATE ELECTROLYTE',
    abstract: 'A solid state electrolyte for portable electronics.',
    family_id: 'fam-electrolyte',
    ...overrides,
  });
// The EP member ranks first (the newest publication has the highest static rank).
const ep = electrolyte({
  jurisdiction: 'EP',
  kind: 'A1',
  date_published: '2021-04-07',
  patent_status: 'PENDING',
});
const us = electrolyte({ jurisdiction: 'US', kind: 'B2', date_published: '2019-02-05' });
const ca = electrolyte({
  jurisdiction: 'CA',
  kind: 'A1',
  date_published: '2018-08-08',
  patent_status: 'PENDING',
});
// A member without the word: listed with its family, though it did not match.
const jp = electrolyte({
  jurisdiction: 'JP',
  kind: 'A',
  date_published: '2018-01-01',
  title: 'SOLID STATE CELL',
  abstract: 'A cell.',
});
const single = patentRow({ title: 'POLYMER ELECTROLYTE MEMBRANE', date_published: '2015-05-05' });
const otherFamily = patentRow({ title: 'ELECTROLYTE PUMP', family_id: 'fam-pump', jurisdiction: 'AU' });
const otherFamilyTwin = patentRow({ title: 'ELECTROLYTE PUMP', family_id: 'fam-pump', jurisdiction: 'NZ' });
familyRows('fam-electrolyte', [ep, us, ca, jp]);
familyRows('fam-pump', [otherFamily, otherFamilyTwin]);
// Its records also list a publication that is not in the index: it has no page here.
const notHeld = ['999-999-999-999-99X', 'WO', '2019123456', 'A1', '2019-01-01'];
/** Rewrites the family members that each of `rows` lists, as its record would list them. */
function relist(rows: Array<{ family_members: string }>, edit: (listed: unknown[][]) => unknown[][]) {
  for (const row of rows) row.family_members = JSON.stringify(edit(JSON.parse(row.family_members)));
}
relist([ep, us, ca, jp], (listed) => [...listed, notHeld]);
// A family whose members share a date, and whose records list one member without kind or date.
const valve = (jurisdiction: string, date_published: string) =>
  patentRow({ title: 'PRESSURE VALVE', jurisdiction, date_published });
const valveDe = valve('DE', '2022-01-01');
const valveAu = valve('AU', '2020-05-05');
const valveAt = valve('AT', '2020-05-05');
const valveNz = valve('NZ', '2023-03-03');
familyRows('fam-valve', [valveDe, valveAu, valveAt, valveNz]);
relist([valveDe, valveAu, valveAt, valveNz], (listed) =>
  listed.map((member) => (member[0] === valveNz.lens_id ? [member[0], 'NZ', member[2], null, null] : member)),
);
const ALL = [ep, us, ca, jp, single, otherFamily, otherFamilyTwin, valveDe, valveAu, valveAt, valveNz];

const fixture = engineTestCorpus(ALL);

const advanced = (query: string) =>
  fixture.parts.advanced(compileLensQuery(parseLensQuery(query)), NO_FILTERS, 500, {
    ...UNKNOWN_VALUE_SHARES,
    documents: ALL.length,
    topRankDocuments: 0,
  });

const familyOf = (found: RankedCandidates, lensId: string) =>
  found.hits.find((hit) =>
    [hit.lens_id, ...hit.family_members.map((member) => member.lens_id)].includes(lensId),
  );

describe('grouping by simple family', () => {
  it('answers one hit per family, the best-ranked member carrying the others', async () => {
    const found = await advanced('title:(electrolyte)');
    expect(found.hits).toHaveLength(3);
    expect(familyOf(found, otherFamilyTwin.lens_id)!.family_members).toHaveLength(1);
    const family = familyOf(found, ep.lens_id)!;
    expect(family.lens_id).toBe(ep.lens_id);
    // Oldest first, each with its number and whether it matched the search too.
    expect(family.family_members).toEqual([
      {
        lens_id: jp.lens_id,
        jurisdiction: 'JP',
        doc_number: jp.doc_number,
        kind: 'A',
        date_published: '2018-01-01',
        matched: false,
      },
      {
        lens_id: ca.lens_id,
        jurisdiction: 'CA',
        doc_number: ca.doc_number,
        kind: 'A1',
        date_published: '2018-08-08',
        matched: true,
      },
      {
        lens_id: us.lens_id,
        jurisdiction: 'US',
        doc_number: us.doc_number,
        kind: 'B2',
        date_published: '2019-02-05',
        matched: true,
      },
    ]);
    expect(familyOf(found, single.lens_id)!.family_members).toEqual([]);
  });

  it('lists members by date, then office, with those of no listed date last', async () => {
    const found = await advanced('title:(valve) AND jurisdiction:DE');
    expect(found.hits.map((hit) => hit.lens_id)).toEqual([valveDe.lens_id]);
    expect(
      found.hits[0]!.family_members.map((member) => [
        member.jurisdiction,
        member.kind,
        member.date_published,
      ]),
    ).toEqual([
      ['AT', valveAt.kind, '2020-05-05'],
      ['AU', valveAu.kind, '2020-05-05'],
      ['NZ', '', ''],
    ]);
  });

  it('counts every matching publication in total and the distinct families in families', async () => {
    const found = await advanced('title:(electrolyte)');
    expect(found).toMatchObject({ total: 6, families: 3, estimated: false });
    expect(new Set(found.hits.map((hit) => familyOf(found, hit.lens_id))).size).toBe(found.hits.length);
  });

  it('is represented by the matching member when the query asks for one office', async () => {
    const found = await advanced('title:(electrolyte) AND jurisdiction:CA');
    expect(found.hits.map((hit) => hit.lens_id)).toEqual([ca.lens_id]);
    expect(found.hits[0]!.family_members.map((member) => [member.jurisdiction, member.matched])).toEqual([
      ['JP', false],
      ['US', false],
      ['EP', false],
    ]);
    expect(found).toMatchObject({ total: 1, families: 1 });
  });

  it('is represented by the document a number query names', async () => {
    const found = await advanced(`doc_number:${us.doc_number}`);
    expect(found.hits.map((hit) => hit.lens_id)).toEqual([us.lens_id]);
    expect(found.hits[0]!.family_members).toHaveLength(3);
  });

  it('groups AI search hits by family too', async () => {
    const [lexeme] = await fixture.parts.lexemes('electrolyte');
    const found = await fixture.parts.natural([{ lexeme: lexeme!, idf: 3 }], NO_FILTERS, 500);
    expect(found.hits).toHaveLength(3);
    expect(found).toMatchObject({ total: 6, families: 3 });
    expect(familyOf(found, us.lens_id)!.family_members).toHaveLength(3);
  });
});
