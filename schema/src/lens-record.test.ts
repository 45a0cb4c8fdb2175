import { describe, expect, it } from 'vitest';
import { LensPatentRecordSchema, patentKey, publicationKey, stablePatentId } from './lens-record.js';
import { readSharedPatents, SHARED_PATENT_COUNT } from './testing/shared-patents.js';

describe('LensPatentRecordSchema', () => {
  it('accepts every shared real record', async () => {
    let count = 0;
    let failures = 0;
    const firstFailures: string[] = [];
    for await (const { value, file, line } of readSharedPatents()) {
      count += 1;
      const result = LensPatentRecordSchema.safeParse(value);
      if (result.success) continue;
      failures += 1;
      if (firstFailures.length < 5) firstFailures.push(`${file}:${line} ${result.error.message}`);
    }
    expect(firstFailures).toEqual([]);
    expect(failures).toBe(0);
    expect(count).toBe(SHARED_PATENT_COUNT);
  }, 60_000);

  it('keeps fields it does not know and refuses wrongly typed ones it reads', () => {
    const record = {
      jurisdiction: 'US',
      doc_number: '5535303',
      date_published: '1996-07-09',
      biblio: { invention_title: [{ text: 'Baseball bat' }] },
      source: [{ dataset: 'x' }],
    };
    expect(LensPatentRecordSchema.parse(record).source).toEqual([{ dataset: 'x' }]);
    expect(LensPatentRecordSchema.safeParse({ ...record, date_published: '09/07/1996' }).success).toBe(false);
    expect(LensPatentRecordSchema.safeParse({ ...record, lens_id: '12-3' }).success).toBe(false);
    expect(LensPatentRecordSchema.safeParse({ ...record, biblio: { invention_title: 'Bat' } }).success).toBe(
      false,
    );
  });
});

describe('stablePatentId', () => {
  it('builds the shared data form, leaving an unknown kind empty', () => {
    expect(stablePatentId({ jurisdiction: 'US', doc_number: '5535303', date_published: '1996-07-09' })).toBe(
      'US_5535303__19960709',
    );
    expect(
      stablePatentId({ jurisdiction: 'EP', doc_number: '1234567', kind: 'B1', date_published: '2004-01-02' }),
    ).toBe('EP_1234567_B1_20040102');
  });

  it('matches the id of every shared record', async () => {
    let mismatches = 0;
    for await (const { value } of readSharedPatents()) {
      const record = LensPatentRecordSchema.parse(value);
      if (stablePatentId(record) !== record.id) mismatches += 1;
    }
    expect(mismatches).toBe(0);
  }, 60_000);

  it('is used as the key only when a record has no Lens id', () => {
    const record = {
      jurisdiction: 'WO',
      doc_number: '2015123456',
      kind: 'A1',
      date_published: '2015-08-20',
      biblio: {},
    };
    expect(patentKey(record)).toBe('WO_2015123456_A1_20150820');
    expect(patentKey({ ...record, lens_id: '012-345-678-901-23X' })).toBe('012-345-678-901-23X');
    expect(publicationKey({ jurisdiction: 'CN', doc_number: '1', kind: 'U' })).toBe('CN_1_U_');
  });
});
