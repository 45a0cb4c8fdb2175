import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '@patentscout/db';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { NO_FILTERS, type SearchFilters } from './filters.js';
import type { RankedCandidates } from './rank.js';
import { engineParts, engineTestCorpus, type EngineParts } from '../../../testing/search-engine-kit.js';
import type { WeightedLexeme } from './words.js';

/**
 * The AI search's ranking rules, on the repository with given word rarities: more meaningful
 * words first, title over abstract over claims, a rare word over a common one, and something
 * rather than nothing when only some words match.
 */
const filler = (count: number) => Array.from({ length: count }, () => 'plain filler text').join(' ');

const rare = { lexeme: 'perovskit', idf: Math.log(1 / 0.001) };
const middle = { lexeme: 'tandem', idf: Math.log(1 / 0.01) };
const common = { lexeme: 'layer', idf: Math.log(1 / 0.15) };
const module = { lexeme: 'modul', idf: Math.log(1 / 0.5) };

const titleHit = patentRow({
  title: 'PEROVSKITE MODULE',
  abstract: 'A module.',
  claims: 'A module.',
  ai_title: null,
});
const abstractHit = patentRow({
  title: 'SOLAR MODULE',
  abstract: 'A perovskite absorber.',
  claims: 'A module.',
  ai_title: null,
});
const claimsHit = patentRow({
  title: 'SOLAR PANEL',
  abstract: 'A panel.',
  claims: `${filler(5)} with perovskite.`,
  ai_title: null,
});
const rareAndMiddle = patentRow({
  title: 'ABSORBER',
  abstract: 'A tandem cell with a perovskite absorber.',
  claims: '',
  ai_title: null,
});
const commonOnly = patentRow({
  title: 'LAYER LAYER LAYER',
  abstract: 'A layer on a layer.',
  claims: 'A layer.',
  ai_title: null,
});
const nothing = patentRow({ title: 'PIZZA OVEN', abstract: 'Bakes pizza.', claims: '', ai_title: null });
const ALL = [titleHit, abstractHit, claimsHit, rareAndMiddle, commonOnly, nothing];

const fixture = engineTestCorpus(ALL);

const ids = async (terms: WeightedLexeme[]) =>
  (await fixture.parts.natural(terms, NO_FILTERS, 500)).hits.map((row) => row.lens_id);

describe('AI search ranking', () => {
  it('ranks documents with more of the meaningful words first', async () => {
    expect((await ids([rare, middle]))[0]).toBe(rareAndMiddle.lens_id);
  });

  it('ranks a word in the title over the abstract over the claims', async () => {
    const order = await ids([rare]);
    expect(
      order.filter((id) => [titleHit.lens_id, abstractHit.lens_id, claimsHit.lens_id].includes(id)),
    ).toEqual([titleHit.lens_id, abstractHit.lens_id, claimsHit.lens_id]);
  });

  it('never ranks a document with only a common word above one with the rare word, wherever it stands', async () => {
    const order = await ids([rare, common]);
    expect(order.indexOf(commonOnly.lens_id)).toBeGreaterThan(order.indexOf(claimsHit.lens_id));
  });

  it('finds documents with some but not all of the words, and counts them exactly', async () => {
    const found = await fixture.parts.natural([rare, { lexeme: 'nowher', idf: 9 }], NO_FILTERS, 500);
    expect(found.hits.map((row) => row.lens_id).sort()).toEqual(
      [titleHit, abstractHit, claimsHit, rareAndMiddle].map((row) => row.lens_id).sort(),
    );
    expect(found).toMatchObject({ total: 4, families: 4, estimated: false });
  });

  it('finds every document with any of five words exactly once, across every tier, those with more of the words first', async () => {
    const words = ['quark', 'gluon', 'boson', 'meson', 'lepton'];
    const subsets = Array.from({ length: 2 ** words.length - 1 }, (_, mask) =>
      words.filter((_, bit) => ((mask + 1) >> bit) & 1),
    );
    const documents = subsets.map((subset) =>
      patentRow({
        title: 'PARTICLE',
        abstract: `A ${subset.join(' ')} detector.`,
        claims: '',
        ai_title: null,
      }),
    );
    await insertPatents(fixture.database.db, documents);
    const terms = (await fixture.parts.lexemes(words.join(' '))).map((lexeme, index) => ({
      lexeme,
      idf: 5 + index / 10,
    }));
    expect(terms).toHaveLength(words.length);

    const found = await fixture.parts.natural(terms, NO_FILTERS, 500);
    expect(found.hits.map((row) => row.lens_id).sort()).toEqual(
      documents.map((document) => document.lens_id).sort(),
    );
    expect(found).toMatchObject({ total: subsets.length, estimated: false });
    const wordCount = new Map(documents.map((document, index) => [document.lens_id, subsets[index]!.length]));
    const counts = found.hits.map((row) => wordCount.get(row.lens_id)!);
    expect(counts).toEqual([...counts].sort((left, right) => right - left));
  });

  it('finds and counts exactly every document of a common word, which it reads in static-rank order', async () => {
    const found = await fixture.parts.natural([common], NO_FILTERS, 500);
    expect(found.hits.map((row) => row.lens_id)).toEqual([commonOnly.lens_id]);
    expect(found).toMatchObject({ total: 1, families: 1, estimated: false });
  });

  /** AI search on a repository whose database logs its statements: the ranking statement of each search. */
  async function withRankingStatements(
    check: (
      search: (
        ...args: Parameters<EngineParts['natural']>
      ) => Promise<{ found: RankedCandidates; ranking: string }>,
    ) => Promise<void>,
  ) {
    const statements: string[] = [];
    const pool = new pg.Pool({ connectionString: fixture.database.url, max: 1 });
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => void statements.push(event.query.sql),
    });
    const loggedRepo = engineParts({ db: logged });
    try {
      await check(async (...args) => {
        statements.length = 0;
        const found = await loggedRepo.natural(...args);
        return {
          found,
          ranking: statements.find((statement) => statement.trimStart().startsWith('WITH candidates')) ?? '',
        };
      });
    } finally {
      await logged.destroy();
    }
  }
  const readsInOrder = (ranking: string) => ranking.split('ts_match_vq(').length - 1;

  it('reads a common word in static-rank order, and a rare word or a year-filtered search through the index', async () => {
    await withRankingStatements(async (search) => {
      const inOrder = async (terms: WeightedLexeme[], filters: SearchFilters = NO_FILTERS) =>
        readsInOrder((await search(terms, filters, 500)).ranking) > 0;
      expect(await inOrder([common])).toBe(true);
      expect(await inOrder([rare])).toBe(false);
      expect(await inOrder([common], { ...NO_FILTERS, years: [2000, 2020] })).toBe(false);
    });
  });

  it('chooses the read of each tier by how dense its words are, and the answer stays exact', async () => {
    await withRankingStatements(async (search) => {
      // "layer module" (0.15 x 0.5 of patents), "layer", "module but not layer": all dense.
      const dense = await search([common, module], NO_FILTERS, 500);
      expect(readsInOrder(dense.ranking)).toBe(3);
      expect(dense.found.hits.map((row) => row.lens_id).sort()).toEqual(
        [titleHit, abstractHit, commonOnly].map((row) => row.lens_id).sort(),
      );
      expect(dense.found).toMatchObject({ total: 3, estimated: false });
      // "tandem layer" and "tandem" are sparse; only "layer but not tandem" is dense.
      expect(readsInOrder((await search([common, middle], NO_FILTERS, 500)).ranking)).toBe(1);
    });
  });

  it('looks for a country of a tenth of patents or fewer in the text index, and checks broader ones on the rows', async () => {
    await withRankingStatements(async (search) => {
      const checksCountryOnRows = async (share: number) => {
        const { found, ranking } = await search([rare], { ...NO_FILTERS, jurisdiction: ['US'] }, 500, {
          share: () => share,
          yearShare: () => 0,
        });
        expect(found.total).toBe(4);
        return /s\.jurisdiction = ANY \(\$\d+::text\[\]\)\) IS TRUE/.test(ranking);
      };
      expect(await checksCountryOnRows(0.08)).toBe(false);
      expect(await checksCountryOnRows(0.3)).toBe(true);
    });
    const { rows } = await sql<{ definition: string }>`
      SELECT indexdef AS definition FROM pg_indexes WHERE tablename = 'patent_search' AND indexdef LIKE '%(text_vector%' ORDER BY indexname`.execute(
      fixture.database.db,
    );
    expect(rows.map((row) => row.definition.replace(/^.* USING /, ''))).toEqual([
      'gin (text_vector, jurisdiction)',
      'gin (text_vector, jurisdiction) WHERE (static_rank < (0.91)::double precision)',
      'gin (text_vector, jurisdiction) WHERE (static_rank >= (0.91)::double precision)',
    ]);
  });

  it('reads a tier whose matches may fill the budget at the top of the rank there first, and finds the same', async () => {
    await withRankingStatements(async (search) => {
      const topParts = (ranking: string) => ranking.split('s.static_rank >= 0.91').length - 1;
      const corpus = (topRankDocuments: number) => ({ share: () => 0, yearShare: () => 0, topRankDocuments });
      // The top holds at most 0.001 of 2,000,000 patents for each tier: 2,000, a budget's worth.
      const whole = await search([rare, middle], NO_FILTERS, 500, corpus(0));
      const topFirst = await search([rare, middle], NO_FILTERS, 500, corpus(2_000_000));
      expect(topParts(whole.ranking)).toBe(0);
      expect(topParts(topFirst.ranking)).toBe(3);
      expect(whole.found.hits.length).toBeGreaterThan(0);
      expect(topFirst.found).toEqual(whole.found);
      // 0.001 of 500,000 is half a budget: the whole is read at once.
      expect(topParts((await search([rare], NO_FILTERS, 500, corpus(500_000))).ranking)).toBe(0);
      // Expired patents are never at the top of the rank.
      const expired = await search(
        [rare, middle],
        { ...NO_FILTERS, legal_status: ['EXPIRED'] },
        500,
        corpus(2_000_000),
      );
      expect(topParts(expired.ranking)).toBe(0);
    });
  });

  it('returns nothing when no word matches', async () => {
    expect(await fixture.parts.natural([{ lexeme: 'nowher', idf: 9 }], NO_FILTERS, 500)).toEqual({
      total: 0,
      families: 0,
      estimated: false,
      hits: [],
    });
  });
});
