import {
  COUNTRIES,
  CSIRO,
  GO8_UNIVERSITIES,
  HARVARD,
  LensPatentRecordSchema,
  LENS_ID_PATTERN,
  type LensPatentRecord,
} from '@patentscout/schema';
import { describe, expect, it } from 'vitest';
import { addYears, yearsBetween } from './dates.js';
import { DEMO_CORPUS_LATEST_DATE, generatePatents } from './generator.js';
import { PENDING_WITHIN_YEARS } from './legal-status.js';

const SAMPLE = [...generatePatents({ count: 5_000, seed: 42 })];

const textOf = (record: LensPatentRecord) =>
  [record.biblio.invention_title?.[0]?.text, record.abstract?.[0]?.text, JSON.stringify(record.claims ?? '')]
    .join(' ')
    .toLowerCase();
const shareContaining = (word: string) =>
  SAMPLE.filter((record) => textOf(record).includes(word)).length / SAMPLE.length;
/** Whole families only: a family cut at the end of the sample lists members it lacks. */
function familiesOf(records: readonly LensPatentRecord[]): Map<string, LensPatentRecord[]> {
  const families = new Map<string, LensPatentRecord[]>();
  for (const record of records) {
    const key = (record.families?.simple_family?.members ?? []).map((member) => member.lens_id).join();
    families.set(key, [...(families.get(key) ?? []), record]);
  }
  return new Map(
    [...families].filter(([, members]) => members.length === members[0]!.families!.simple_family!.size),
  );
}
const applicantsOf = (record: LensPatentRecord) =>
  (record.biblio.parties?.applicants ?? []).map((party) => party.extracted_name.value);

/** Kinds each office uses, by WIPO ST.16 and the offices' own practice. */
const KINDS_BY_OFFICE: Record<string, string[]> = {
  US: ['A', 'A1', 'B1', 'B2'],
  EP: ['A1', 'A2', 'B1'],
  WO: ['A1', 'A2', 'A3'],
  CN: ['A', 'B', 'C', 'U', 'Y'],
  JP: ['A', 'B', 'B1', 'B2'],
  KR: ['A', 'B1'],
  AU: ['A', 'A1', 'A4', 'B', 'B2'],
  DE: ['A1', 'B4', 'C2', 'U1'],
};

describe('generatePatents', () => {
  it('gives the same records for the same seed and different ones for another seed', () => {
    const again = [...generatePatents({ count: 300, seed: 42 })];
    expect(JSON.stringify(again)).toBe(JSON.stringify([...generatePatents({ count: 300, seed: 42 })]));
    // Only the last family differs from a longer stream's: it is cut to the count asked for.
    const lastFamily = JSON.stringify(again.at(-1)?.families);
    const whole = again.findIndex((record) => JSON.stringify(record.families) === lastFamily);
    expect(whole).toBeGreaterThan(250);
    expect(JSON.stringify(again.slice(0, whole))).toBe(JSON.stringify(SAMPLE.slice(0, whole)));
    const other = [...generatePatents({ count: 300, seed: 43 })];
    expect(other.map((record) => record.lens_id)).not.toEqual(again.map((record) => record.lens_id));
  });

  it('yields exactly the number asked for, even when that splits a family', () => {
    for (const count of [0, 1, 2, 7, 101])
      expect([...generatePatents({ count, seed: 5 })]).toHaveLength(count);
  });

  it('writes valid Lens records with unique, well-formed keys', () => {
    for (const record of SAMPLE) expect(LensPatentRecordSchema.safeParse(record).success).toBe(true);
    expect(new Set(SAMPLE.map((record) => record.lens_id)).size).toBe(SAMPLE.length);
    expect(new Set(SAMPLE.map((record) => record.doc_key)).size).toBe(SAMPLE.length);
    for (const record of SAMPLE) {
      expect(record.lens_id).toMatch(LENS_ID_PATTERN);
      expect(record.doc_key).toBe(
        `${record.jurisdiction}_${record.doc_number}_${record.kind}_${record.date_published.replaceAll('-', '')}`,
      );
    }
  });

  it('mentions lithium in about one record in a hundred and "method" in more than a third', () => {
    expect(shareContaining('lithium')).toBeGreaterThan(0.005);
    expect(shareContaining('lithium')).toBeLessThan(0.03);
    expect(shareContaining('method')).toBeGreaterThan(0.33);
    expect(shareContaining('system')).toBeGreaterThan(0.2);
  });

  it('files in realistic proportions, in offices the country filter knows', () => {
    const known = new Set(COUNTRIES.map((country) => country.code));
    const counts = new Map<string, number>();
    for (const record of SAMPLE) counts.set(record.jurisdiction, (counts.get(record.jurisdiction) ?? 0) + 1);
    for (const office of counts.keys()) expect(known.has(office)).toBe(true);
    const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([office]) => office);
    expect(ranked.slice(0, 3)).toEqual(expect.arrayContaining(['US', 'CN']));
    for (const office of ['US', 'CN', 'EP', 'WO', 'JP', 'KR', 'AU', 'DE', 'GB', 'CA'])
      expect(counts.get(office) ?? 0).toBeGreaterThan(10);
  });

  it('uses kind codes that fit the office and the year', () => {
    for (const record of SAMPLE) {
      const kinds = KINDS_BY_OFFICE[record.jurisdiction];
      if (kinds) expect(kinds).toContain(record.kind);
      const year = Number(record.date_published.slice(0, 4));
      if (record.jurisdiction === 'US') expect(record.kind === 'A' ? year <= 2000 : year >= 2001).toBe(true);
      if (record.jurisdiction === 'CN' && (record.kind === 'U' || record.kind === 'B'))
        expect(year).toBeGreaterThanOrEqual(2010);
      const application = record.publication_type === 'PATENT_APPLICATION';
      expect(application).toBe(
        /^A\d?$/.test(record.kind ?? '') &&
          !(record.jurisdiction === 'US' && record.kind === 'A') &&
          record.kind !== 'A4',
      );
    }
  });

  it('dates publications from 1980 to the corpus date, after their priority', () => {
    for (const record of SAMPLE) {
      expect(record.date_published >= '1980-01-01' && record.date_published <= DEMO_CORPUS_LATEST_DATE).toBe(
        true,
      );
      expect(record.biblio.priority_claims?.earliest_claim?.date ?? '').toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((record.biblio.priority_claims?.earliest_claim?.date ?? '') <= record.date_published).toBe(true);
    }
  });

  it('gives statuses that agree with the dates', () => {
    for (const record of SAMPLE) {
      const status = record.legal_status?.patent_status;
      const priority = record.biblio.priority_claims?.earliest_claim?.date ?? '';
      const termEnd = record.legal_status?.anticipated_term_date;
      const granted = record.publication_type !== 'PATENT_APPLICATION';
      if (granted) {
        // Patents run 20 years from priority; utility models 10, Australian innovation patents 8.
        const terms = record.publication_type === 'GRANTED_PATENT' ? [20] : [8, 10];
        expect(terms.map((years) => addYears(priority, years))).toContain(termEnd);
        expect(record.legal_status?.grant_date).toBe(record.date_published);
      }
      if (status === 'ACTIVE') expect(granted && (termEnd ?? '') > DEMO_CORPUS_LATEST_DATE).toBe(true);
      if (status === 'EXPIRED') expect(granted && (termEnd ?? '9999') <= DEMO_CORPUS_LATEST_DATE).toBe(true);
      if (status === 'PENDING')
        expect(
          !granted && yearsBetween(record.date_published, DEMO_CORPUS_LATEST_DATE) < PENDING_WITHIN_YEARS,
        ).toBe(true);
    }
    const statuses = new Set(SAMPLE.map((record) => record.legal_status?.patent_status));
    for (const status of [
      'ACTIVE',
      'EXPIRED',
      'PENDING',
      'DISCONTINUED',
      'INACTIVE',
      'WITHDRAWN_OR_REJECTED',
      'PATENTED',
      'UNKNOWN',
    ])
      expect(statuses).toContain(status);
  });

  it('names every Group of Eight university, CSIRO and Harvard among the applicants', () => {
    const applicants = new Set(SAMPLE.flatMap(applicantsOf));
    for (const institution of [...GO8_UNIVERSITIES, CSIRO, HARVARD]) {
      expect(
        institution.applicantNames.some((name) => applicants.has(name)),
        institution.name,
      ).toBe(true);
    }
    expect(applicants).toContain('COMMONWEALTH SCIENTIFIC AND INDUSTRIAL RESEARCH ORGANISATION');
    expect(applicants).toContain('PRESIDENT AND FELLOWS OF HARVARD COLLEGE');
  });

  it('groups publications into simple families that list every member', () => {
    for (const record of SAMPLE) {
      const family = record.families?.simple_family;
      const members = family?.members ?? [];
      expect(family?.size).toBe(members.length);
      expect(members.map((member) => member.lens_id)).toContain(record.lens_id);
      // An office may publish the application and the grant, never one kind twice.
      const documents = members.map(({ document_id }) => `${document_id?.jurisdiction} ${document_id?.kind}`);
      expect(new Set(documents).size).toBe(members.length);
    }
  });

  it('makes families of the sizes real records show: mostly one, some pairs, a few large', () => {
    const families = [...familiesOf(SAMPLE).values()];
    const share = (test: (size: number) => boolean) =>
      families.filter((members) => test(members[0]!.families!.simple_family!.size!)).length / families.length;
    expect(share((size) => size === 1)).toBeGreaterThan(0.65);
    expect(share((size) => size === 1)).toBeLessThan(0.85);
    expect(share((size) => size === 2)).toBeGreaterThan(0.1);
    expect(share((size) => size >= 4)).toBeGreaterThan(0.02);
    expect(share((size) => size >= 4)).toBeLessThan(0.1);
    expect(Math.max(...families.map((members) => members.length))).toBeGreaterThanOrEqual(10);
  });

  it('gives a family one title, abstract, claims and priority, and each office its own facts', () => {
    const shared = (record: LensPatentRecord) =>
      JSON.stringify([
        record.biblio.invention_title,
        record.abstract,
        record.claims,
        record.biblio.priority_claims?.earliest_claim,
        record.biblio.parties?.applicants,
      ]);
    let statusesDiffer = 0;
    for (const members of familiesOf(SAMPLE).values()) {
      expect(new Set(members.map(shared)).size).toBe(1);
      expect(new Set(members.map((record) => record.doc_key)).size).toBe(members.length);
      if (new Set(members.map((record) => record.legal_status?.patent_status)).size > 1) statusesDiffer += 1;
    }
    expect(statusesDiffer).toBeGreaterThan(100);
  });

  it('marks an application as patented when its office granted it in the same family', () => {
    const pairs = [...familiesOf(SAMPLE).values()].flatMap((members) =>
      members.filter(
        (record) =>
          record.publication_type === 'PATENT_APPLICATION' &&
          members.some(
            (other) =>
              other.jurisdiction === record.jurisdiction && other.publication_type === 'GRANTED_PATENT',
          ),
      ),
    );
    expect(pairs.length).toBeGreaterThan(50);
    for (const application of pairs) expect(application.legal_status?.patent_status).toBe('PATENTED');
  });

  it('classifies with well-formed IPC and CPC symbols', () => {
    for (const record of SAMPLE) {
      const symbols = [
        ...(record.biblio.classifications_ipcr?.classifications ?? []),
        ...(record.biblio.classifications_cpc?.classifications ?? []),
      ];
      for (const { symbol } of symbols) expect(symbol).toMatch(/^[A-HY]\d{2}[A-Z]\d{1,4}\/\d{2,6}$/);
    }
  });
});
