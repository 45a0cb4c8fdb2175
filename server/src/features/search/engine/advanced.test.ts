import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '@patentscout/db';
import { patentRow } from '../../../testing/patent-fixtures.js';
import { compileLensQuery } from './compile.js';
import { parseLensQuery } from '../query/parser.js';
import { UNKNOWN_VALUE_SHARES, type OrderedScanTuning } from './plan.js';
import { NO_FILTERS, type SearchFilters } from './filters.js';
import { engineParts, engineTestCorpus, type EngineParts } from '../../../testing/search-engine-kit.js';
import { expandWildcards } from './wildcards.js';

const valves = patentRow({
  title: 'CHECK VALVES FOR PUMPS',
  abstract: 'A solar powered pump with two valves.',
  claims: 'A pump comprising a valve body.',
  inventors: ['SMITH JOHN'],
  applicants: ['ACME PUMPS INC'],
  owners: ['ACME HOLDINGS'],
  ipc_symbols: ['F16K15/00', 'F04B53/10'],
  first_ipc: 'F16K15/00',
  cpc_symbols: ['F16K15/021'],
  jurisdiction: 'US',
  doc_number: '7654321',
  kind: 'B2',
  date_published: '2010-02-02',
  earliest_priority_date: '2008-05-01',
  publication_type: 'GRANTED_PATENT',
  patent_status: 'ACTIVE',
});
const solarCell = patentRow({
  title: 'SOLAR CELL MODULE',
  abstract: 'The cell converts light. A thin solar film covers the silicon cell.',
  claims: 'A module with a lithium storage.',
  inventors: ['DOE JANE'],
  applicants: ['THE UNIVERSITY OF MELBOURNE'],
  ipc_symbols: ['H01L31/04'],
  first_ipc: 'H01L31/04',
  jurisdiction: 'EP',
  doc_number: '0227762',
  kind: 'B1',
  date_published: '2016-06-15',
  earliest_priority_date: null,
  publication_type: 'GRANTED_PATENT',
  patent_status: 'EXPIRED',
});
const battery = patentRow({
  title: 'LITHIUM BATTERY',
  abstract: 'Electrodes for a rechargeable battery.',
  claims: 'A battery electrode coated with solar grade silicon.',
  inventors: ['SMITH ANNA'],
  applicants: ['CSIRO'],
  ipc_symbols: ['H01M4/13', 'H01M10/05'],
  first_ipc: 'H01M4/13',
  jurisdiction: 'AU',
  doc_number: '2019100123',
  kind: 'A1',
  date_published: '2019-09-09',
  earliest_priority_date: '2018-09-09',
  publication_type: 'PATENT_APPLICATION',
  patent_status: 'PENDING',
});
const ALL = [valves, solarCell, battery];

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

async function matches(query: string): Promise<string[]> {
  const root = parseLensQuery(query);
  const words = await expandWildcards(fixture.database.db, root);
  const found = await fixture.parts.advanced(
    compileLensQuery(root, UNKNOWN_VALUE_SHARES, words),
    NO_FILTERS,
    500,
    {
      ...UNKNOWN_VALUE_SHARES,
      documents: ALL.length,
      topRankDocuments: 0,
    },
  );
  const names = new Map(
    ALL.map((patent) => [
      patent.lens_id,
      patent === valves ? 'valves' : patent === solarCell ? 'solarCell' : 'battery',
    ]),
  );
  return found.hits.map((row) => names.get(row.lens_id)!).sort();
}

describe('advanced search operators', () => {
  it.each([
    ['solar', ['battery', 'solarCell', 'valves']],
    ['solar AND lithium', ['battery', 'solarCell']],
    ['solar && pump', ['valves']],
    ['pump OR lithium', ['battery', 'solarCell', 'valves']],
    ['pump || battery', ['battery', 'valves']],
    ['solar NOT pump', ['battery', 'solarCell']],
    ['solar !pump', ['battery', 'solarCell']],
    ['solar -pump', ['battery', 'solarCell']],
    ['+solar +lithium', ['battery', 'solarCell']],
    ['pump OR battery AND silicon', ['battery', 'valves']],
    ['(pump OR battery) AND silicon', ['battery']],
    ['NOT solar', []],
    ['"solar cell"', ['solarCell']],
    ['"solar film"', ['solarCell']],
    ['"cell solar"', []],
    ['"light cell"~3', ['solarCell']],
    ['"solar silicon"~1', []],
    ['"solar silicon"~4', ['battery', 'solarCell']],
    ['valve*', ['valves']],
    ['electro*', ['battery']],
    ['batter?', ['battery']],
    ['el?ctrod*', ['battery']],
  ])('%s', async (query, expected) => {
    expect(await matches(query)).toEqual(expected);
  });
});

describe('advanced search fields', () => {
  it.each([
    ['title:solar', ['solarCell']],
    ['abstract:solar', ['solarCell', 'valves']],
    ['claim:solar', ['battery']],
    ['claims:lithium', ['solarCell']],
    ['full_text:pump', ['valves']],
    ['title:(valve OR cell)', ['solarCell', 'valves']],
    ['inventor.name:smith', ['battery', 'valves']],
    ['inventor.name:("smith john")', ['valves']],
    ['inventor.name.exact:"Smith John"', ['valves']],
    ['inventor.name.exact:"John Smith"', []],
    ['applicant.name:melbourne', ['solarCell']],
    ['applicant.name.exact:csiro', ['battery']],
    ['owner_all.name:acme', ['valves']],
    ['owner_all.name.exact:acme*', ['valves']],
    ['class_ipcr.symbol:H01M*', ['battery']],
    ['class_ipcr.symbol:H01*', ['battery', 'solarCell']],
    ['class_ipcr.symbol:F16K15\\/00', ['valves']],
    ['class_ipcr.symbol:H01M', ['battery']],
    ['class_ipcr.symbol:H01?31*', ['solarCell']],
    ['class_cpc.symbol:F16K15\\/021', ['valves']],
    ['jurisdiction:EP', ['solarCell']],
    ['jurisdiction:(au OR us)', ['battery', 'valves']],
    ['kind:B*', ['solarCell', 'valves']],
    ['publication_type:patent_application', ['battery']],
    ['doc_number:227762', ['solarCell']],
    ['legal_status.patent_status:pending', ['battery']],
    ['legal_status.patent_status:"withdrawn or rejected"', []],
    ['ids:"US 7,654,321 B2"', ['valves']],
    ['ids:EP0227762B1', ['solarCell']],
    ['ids:(AU2019100123 OR 7654321)', ['battery', 'valves']],
    ['date_published:[2010-01-01 TO 2016-06-15]', ['solarCell', 'valves']],
    ['date_published:[2010-01-01 TO 2016-06-15}', ['valves']],
    ['date_published:{2010-02-02 TO *]', ['battery', 'solarCell']],
    ['date_published:2019', ['battery']],
    ['year_published:[* TO 2016]', ['solarCell', 'valves']],
    ['year_published:2010', ['valves']],
    ['year_published:{2010 TO 2019}', ['solarCell']],
    ['year_published:[2010 TO 2019}', ['solarCell', 'valves']],
    ['NOT year_published:{2010 TO *]', ['valves']],
    ['earliest_priority_claim_date:[2008 TO 2018]', ['battery', 'valves']],
    ['NOT earliest_priority_claim_date:[2008 TO 2018]', ['solarCell']],
  ])('%s', async (query, expected) => {
    expect(await matches(query)).toEqual(expected);
  });

  it('looks a patent up by its Lens id', async () => {
    expect(await matches(`lens_id:${valves.lens_id}`)).toEqual(['valves']);
    expect(await matches(`ids:${battery.lens_id}`)).toEqual(['battery']);
  });

  it.each([
    ['title:[a TO b]', 'ranges work on date_published'],
    ['date_published:2015-02-30', 'is not a date'],
    ['year_published:twenty', 'is not a year'],
    ['legal_status.patent_status:alive', 'unknown legal status "alive"'],
    ['ids:"not an id!"', 'is not a Lens id or publication number'],
    ['s*', 'at least two letters before the first'],
  ])('rejects %s with a message', (query, message) => {
    expect(() => compileLensQuery(parseLensQuery(query))).toThrowError(message);
  });

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

  it('ranks title matches above claim matches', async () => {
    const found = await fixture.parts.advanced(
      compileLensQuery(parseLensQuery('lithium OR valve')),
      NO_FILTERS,
      500,
      {
        ...UNKNOWN_VALUE_SHARES,
        documents: ALL.length,
        topRankDocuments: 0,
      },
    );
    expect(found.hits[0]!.lens_id).not.toBe(solarCell.lens_id);
    expect(found.hits.at(-1)!.lens_id).toBe(solarCell.lens_id);
  });
});
