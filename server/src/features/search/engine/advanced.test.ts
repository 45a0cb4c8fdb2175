import { describe, expect, it } from 'vitest';
import { ALL, battery, solarCell, valves } from '../../../testing/advanced-search-patents.js';
import { compileLensQuery } from './compile.js';
import { parseLensQuery } from '../query/parser.js';
import { UNKNOWN_VALUE_SHARES } from './plan.js';
import { NO_FILTERS } from './filters.js';
import { engineTestCorpus } from '../../../testing/search-engine-kit.js';
import { expandWildcards } from './wildcards.js';

/**
 * What an advanced search matches, operator by operator and field by field, and how it ranks (how
 * it reads: `advanced-plan.test.ts`).
 */
const fixture = engineTestCorpus(ALL);

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
