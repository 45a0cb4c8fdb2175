import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/tables.js';
import { insertPatents, patentRow } from '../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js';
import { createSearchRepo, type SearchRepo, type WeightedLexeme } from './search.repo.js';
import type { SearchFilters } from './search.types.js';

/**
 * The AI search's ranking rules, on the repository with given word rarities: more meaningful
 * words first, title over abstract over claims, a rare word over a common one, and something
 * rather than nothing when only some words match.
 */
let database: TestDatabase;
let repo: SearchRepo;
const NO_FILTERS = { ipcPrefixes: [], statuses: [], jurisdictions: [], years: null };
const filler = (count: number) => Array.from({ length: count }, () => 'plain filler text').join(' ');

const rare = { lexeme: 'perovskit', idf: Math.log(1 / 0.001) };
const middle = { lexeme: 'tandem', idf: Math.log(1 / 0.01) };
const common = { lexeme: 'layer', idf: Math.log(1 / 0.15) };

const titleHit = patentRow({ title: 'PEROVSKITE MODULE', abstract: 'A module.', claims: 'A module.', ai_title: null });
const abstractHit = patentRow({ title: 'SOLAR MODULE', abstract: 'A perovskite absorber.', claims: 'A module.', ai_title: null });
const claimsHit = patentRow({ title: 'SOLAR PANEL', abstract: 'A panel.', claims: `${filler(5)} with perovskite.`, ai_title: null });
const rareAndMiddle = patentRow({ title: 'ABSORBER', abstract: 'A tandem cell with a perovskite absorber.', claims: '', ai_title: null });
const commonOnly = patentRow({ title: 'LAYER LAYER LAYER', abstract: 'A layer on a layer.', claims: 'A layer.', ai_title: null });
const nothing = patentRow({ title: 'PIZZA OVEN', abstract: 'Bakes pizza.', claims: '', ai_title: null });
const ALL = [titleHit, abstractHit, claimsHit, rareAndMiddle, commonOnly, nothing];

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createSearchRepo(database.db);
  await insertPatents(database.db, ALL);
});
afterAll(() => database.drop());

const ids = async (terms: WeightedLexeme[]) => (await repo.natural(terms, NO_FILTERS, 500)).rows.map((row) => row.lens_id);

describe('AI search ranking', () => {
  it('ranks documents with more of the meaningful words first', async () => {
    expect((await ids([rare, middle]))[0]).toBe(rareAndMiddle.lens_id);
  });

  it('ranks a word in the title over the abstract over the claims', async () => {
    const order = await ids([rare]);
    expect(order.filter((id) => [titleHit.lens_id, abstractHit.lens_id, claimsHit.lens_id].includes(id))).toEqual([
      titleHit.lens_id, abstractHit.lens_id, claimsHit.lens_id,
    ]);
  });

  it('never ranks a document with only a common word above one with the rare word, wherever it stands', async () => {
    const order = await ids([rare, common]);
    expect(order.indexOf(commonOnly.lens_id)).toBeGreaterThan(order.indexOf(claimsHit.lens_id));
  });

  it('finds documents with some but not all of the words, and counts them exactly', async () => {
    const found = await repo.natural([rare, { lexeme: 'nowher', idf: 9 }], NO_FILTERS, 500);
    expect(found.rows.map((row) => row.lens_id).sort()).toEqual([titleHit, abstractHit, claimsHit, rareAndMiddle].map((row) => row.lens_id).sort());
    expect(found).toMatchObject({ total: 4, groupCount: 4, estimated: false });
  });

  it('finds and counts exactly every document of a common word, which it reads in static-rank order', async () => {
    const found = await repo.natural([common], NO_FILTERS, 500);
    expect(found.rows.map((row) => row.lens_id)).toEqual([commonOnly.lens_id]);
    expect(found).toMatchObject({ total: 1, groupCount: 1, estimated: false });
  });

  it('reads a common word in static-rank order, and a rare word or a year-filtered search through the index', async () => {
    const statements: string[] = [];
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    try {
      const readsInOrder = async (terms: WeightedLexeme[], filters: SearchFilters = NO_FILTERS) => {
        statements.length = 0;
        await createSearchRepo(logged).natural(terms, filters, 500);
        return statements.some((statement) => statement.includes('ts_match_vq'));
      };
      expect(await readsInOrder([common])).toBe(true);
      expect(await readsInOrder([rare])).toBe(false);
      expect(await readsInOrder([common], { ...NO_FILTERS, years: [2000, 2020] })).toBe(false);
    } finally {
      await logged.destroy();
    }
  });

  it('returns nothing when no word matches', async () => {
    expect(await repo.natural([{ lexeme: 'nowher', idf: 9 }], NO_FILTERS, 500)).toEqual({ total: 0, groupCount: 0, estimated: false, rows: [] });
  });
});
