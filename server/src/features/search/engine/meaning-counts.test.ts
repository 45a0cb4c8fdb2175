import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyRows, insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { NO_FILTERS, type SearchFilters } from './filters.js';
import { meaningOnlyCount, type MeaningCandidates } from './meaning-blend.js';
import { naturalSearch } from './natural.js';
import { COUNTING, type CountingTuning } from './plan.js';
import type { WeightedLexeme } from './words.js';

/**
 * How AI search counts the patents found by meaning alone (ADR 0166): beside the words' count
 * (the same condition, and cache, as by words alone), each once, only under the search's
 * filters, their family only when no match by words holds it; and an answer never waits for a
 * count because of them.
 */
const zeppelin = { lexeme: 'zeppelin', idf: 6 };
const mast = { lexeme: 'mast', idf: 5 };
const terms: WeightedLexeme[] = [zeppelin, mast];

const text = (title: string, abstract: string) => ({
  title,
  abstract,
  claims: '',
  ai_title: null,
  ai_summary: null,
});
/** Four patents with both words: a budget of three is filled by them. */
const both = Array.from({ length: 4 }, () => patentRow(text('ZEPPELIN MAST', 'A zeppelin mooring mast.')));
/** One word, in a family whose other publication holds none. */
const [mastOnly, kinByMeaning] = familyRows('family-mast', [
  patentRow(text('MOORING MAST', 'A mast.')),
  patentRow(text('TOWER', 'A tall tower for airships.')),
]);
const alone = patentRow(text('AIRSHIP HANGAR', 'A shed for airships.'));
const abroad = patentRow({ ...text('AIRSHIP DOCK', 'A dock for airships.'), jurisdiction: 'AU' });
const ROWS = [...both, mastOnly!, kinByMeaning!, alone, abroad];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertPatents(database.db, ROWS);
});
afterAll(async () => {
  await database.drop();
});

/** The nearest in meaning: some without the words, one with them. */
const nearest = (ids: string[]): MeaningCandidates => ({
  lensIds: ids,
  similarities: ids.map((_, index) => 0.9 - index / 100),
  floor: 0.9 - ids.length / 100,
});
const MEANING = nearest([kinByMeaning!.lens_id, alone.lens_id, abroad.lens_id, both[0]!.lens_id]);
/** Long enough for any exact count of this corpus, however busy the machine. */
const PATIENT: CountingTuning = { ...COUNTING, exactGraceMs: 10_000 };
const US: SearchFilters = { ...NO_FILTERS, jurisdiction: ['US'] };

const search = (budget: number, filters: SearchFilters = NO_FILTERS, counting: CountingTuning = PATIENT) =>
  naturalSearch(database.db, { terms, filters, maxResults: 100, budget, counting, meaning: () => MEANING });

describe('counting the matches found by meaning alone', () => {
  it('counts each match once, by words or by meaning alone, when every match was read', async () => {
    // Words: the four, and the one with "mast"; meaning alone: the kin, the hangar, the dock.
    expect(await search(100)).toMatchObject({ total: 8, families: 7, estimated: false });
    // The dock is Australian.
    expect(await search(100, US)).toMatchObject({ total: 7, families: 6, estimated: false });
  });

  it('adds the matches by meaning alone to the words count when the words filled the budget, a family once', async () => {
    const found = await search(3);
    expect(found.hits.map((hit) => hit.lens_id)).toEqual(
      expect.arrayContaining([alone.lens_id, abroad.lens_id, kinByMeaning!.lens_id]),
    );
    // The words' five matches (five families), and three by meaning alone: the kin's family is
    // the mast's, already counted by its words though it was not read.
    expect(found).toMatchObject({ total: 8, families: 7, estimated: false });
    expect(await search(3, US)).toMatchObject({ total: 7, families: 6, estimated: false });
  });

  it('counts the same apart, for an exact count asked for afterwards', async () => {
    expect(await meaningOnlyCount(database.db, terms, NO_FILTERS, MEANING.lensIds)).toEqual({
      total: 3,
      families: 2,
    });
    expect(await meaningOnlyCount(database.db, terms, US, MEANING.lensIds)).toEqual({
      total: 2,
      families: 1,
    });
  });

  it('never waits for the count when the words alone stayed under the budget', async () => {
    // A count that would fail the answer if it asked for it.
    const failing = {
      ...PATIENT,
      samples: [{ table: 'no_such_sample' as 'patent_search_sample', buckets: 1 }],
    };
    // Five matches by words under a budget of six, eight candidates with meaning.
    expect(await search(6, NO_FILTERS, failing)).toMatchObject({ total: 8, families: 7, estimated: false });
    await expect(search(3, NO_FILTERS, failing)).rejects.toThrow();
  });
});
