import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '@patentscout/db';
import { ALL, solarCell } from '../../../testing/advanced-search-patents.js';
import { engineParts, engineTestCorpus, type EngineParts } from '../../../testing/search-engine-kit.js';
import { compileLensQuery } from './compile.js';
import { parseLensQuery } from '../query/parser.js';
import { UNKNOWN_VALUE_SHARES, type OrderedScanTuning } from './plan.js';
import { NO_FILTERS, type SearchFilters } from './filters.js';

/**
 * How an advanced search reads (what it matches: `advanced.test.ts`): which queries may read the
 * top of the rank through their own indexes, where a country filter is left to the text index,
 * and which read the probe chooses, seen in the statements the engine sends.
 */
const fixture = engineTestCorpus(ALL);

/** The engine's parts on a connection of the test corpus whose statements are logged, for `check`. */
async function withLoggedStatements(
  tuning: OrderedScanTuning | undefined,
  check: (parts: EngineParts, statements: string[]) => Promise<void>,
): Promise<void> {
  const statements: string[] = [];
  const pool = new pg.Pool({ connectionString: fixture.database.url, max: 1 });
  const logged = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void statements.push(event.query.sql),
  });
  try {
    await check(engineParts({ db: logged }, tuning), statements);
  } finally {
    await logged.destroy();
  }
}

/** A probe over the first 10 rows, which hold every patent of the test corpus. */
const PROBE_EVERY_PATENT = { probeShare: 0, probeRows: 10, margin: 1, baseRows: 0 } as const;

/** An advanced search for 'solar' as if in a corpus of a million, `topRankDocuments` at the top. */
const solarInAMillion = (parts: EngineParts, topRankDocuments: number, filters: SearchFilters = NO_FILTERS) =>
  parts.advanced(compileLensQuery(parseLensQuery('solar')), filters, 500, {
    ...UNKNOWN_VALUE_SHARES,
    documents: 1_000_000,
    topRankDocuments,
  });

describe('advanced search plans', () => {
  it.each([
    ['solar', true],
    ['inventor.name:smith', true],
    ['title:solar AND jurisdiction:AU', true],
    ['"solar cell"~3 OR abstract:pump', true],
    ['solar OR class_ipcr.symbol:H01M*', true],
    ['class_cpc.symbol:Y02E* AND jurisdiction:US', true],
    ['solar OR jurisdiction:AU', false],
    ['NOT solar', false],
    ['solar AND year_published:2020', false],
    ['legal_status.patent_status:active AND battery', false],
    ['class_ipcr.symbol:H01M* AND legal_status.patent_status:active', false],
  ])(
    'tells whether %s can read the top of the rank through its own indexes first (%s)',
    (query, topIndexed) => {
      expect(compileLensQuery(parseLensQuery(query)).topIndexed).toBe(topIndexed);
    },
  );

  it.each([
    ['title:solar AND jurisdiction:AU', true, false],
    ['jurisdiction:AU AND (solar OR abstract:pump)', true, false],
    ['jurisdiction:AU AND inventor.name:smith', false, true],
    ['jurisdiction:AU AND kind:B1', false, true],
    ['solar OR jurisdiction:AU', false, true],
  ])(
    'leaves a country of a tenth of patents to the text index only where %s needs text words (%s)',
    (query, textDriven, checkedOnRows) => {
      const compiled = compileLensQuery(parseLensQuery(query), {
        share: (column) => (column === 'jurisdiction' ? 0.07 : 0),
        yearShare: () => 0,
      });
      expect(compiled.textDriven).toBe(textDriven);
      expect(compiled.where.compile(fixture.database.db).sql.includes('IS TRUE')).toBe(checkedOnRows);
    },
  );

  it('leaves a requested country of a tenth of patents to the text index only where the query needs text words', async () => {
    const corpus = { share: () => 0.07, yearShare: () => 0, documents: 0, topRankDocuments: 0 };
    await withLoggedStatements(undefined, async (parts, statements) => {
      const checksCountryOnRows = async (query: string) => {
        statements.length = 0;
        const found = await parts.advanced(
          compileLensQuery(parseLensQuery(query), corpus),
          { ...NO_FILTERS, jurisdiction: ['EP'] },
          500,
          corpus,
        );
        expect(found.hits.map((row) => row.lens_id)).toEqual([solarCell.lens_id]);
        return statements.some(
          (statement) => statement.trimStart().startsWith('WITH candidates') && statement.includes('IS TRUE'),
        );
      };
      expect(await checksCountryOnRows('title:solar')).toBe(false);
      expect(await checksCountryOnRows('kind:B1')).toBe(true);
    });
  });

  it('reads the top of the rank first only where the probe finds a budget of matches there, and not under a year filter', async () => {
    // Every search that the probe (over all three patents) sends to the indexes.
    const indexPath = { ...PROBE_EVERY_PATENT, rowsPerIndexEntry: 0, maxRows: 0 };
    await withLoggedStatements(indexPath, async (parts, statements) => {
      const readsTopFirst = async (topRankDocuments: number, years: [number, number] | null = null) => {
        statements.length = 0;
        const found = await solarInAMillion(parts, topRankDocuments, { ...NO_FILTERS, years });
        expect(found.hits.length).toBe(years ? 1 : ALL.length);
        return statements.some((statement) => statement.includes('s.static_rank >= 0.91'));
      };
      expect(await readsTopFirst(1_000_000)).toBe(true);
      expect(await readsTopFirst(0)).toBe(false);
      expect(await readsTopFirst(1_000_000, [2015, 2017])).toBe(false);
    });
  });

  it('weighs a read in order against the entries that a top-first read meets, not the whole index', async () => {
    // The probe finds every patent among its first 10 rows: a read in order needs the budget's
    // 1,000 times 10 over their number, each row worth 1/10,000 of an index entry. Cheaper than
    // the whole index's few entries; dearer than the top's hundredth of them.
    const tuning = { ...PROBE_EVERY_PATENT, rowsPerIndexEntry: 10_000, maxRows: 10_000_000 };
    await withLoggedStatements(tuning, async (parts, statements) => {
      const readOf = async (topRankDocuments: number) => {
        statements.length = 0;
        const found = await solarInAMillion(parts, topRankDocuments);
        expect(found.hits.length).toBe(ALL.length);
        const ranking = statements.filter((statement) => statement.trimStart().startsWith('WITH candidates'));
        if (ranking.some((statement) => statement.includes('s.static_rank >= 0.91'))) return 'top first';
        return ranking.some((statement) => statement.includes('FROM patent_search LIMIT'))
          ? 'in order'
          : 'index';
      };
      expect(await readOf(10_000)).toBe('top first');
      expect(await readOf(0)).toBe('in order');
    });
  });
});
