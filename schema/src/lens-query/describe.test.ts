import { describe, expect, it } from 'vitest';
import { describeLensQuery } from './describe.js';
import { parseLensQuery } from './parser.js';

const read = (query: string) => describeLensQuery(parseLensQuery(query));

describe('describeLensQuery', () => {
  it.each([
    // the issue's own example
    [
      'title:(solar AND panel) AND date_published:[2015 TO 2020] AND jurisdiction:AU',
      'Patents whose title has solar and panel, published 2015 to 2020, from Australia',
    ],
    // bare words, AND, OR, NOT and grouping
    ['battery', 'Patents mentioning battery'],
    ['lithium battery', 'Patents mentioning lithium and battery'],
    ['lithium OR sodium', 'Patents mentioning lithium or sodium'],
    ['battery NOT lithium', 'Patents mentioning battery and not lithium'],
    ['pump OR battery AND silicon', 'Patents mentioning pump or (battery and silicon)'],
    ['(pump OR battery) AND silicon', 'Patents mentioning (pump or battery) and silicon'],
    [
      'battery AND jurisdiction:(AU OR NZ) NOT kind:A*',
      'Patents mentioning battery, from Australia or New Zealand, not of kind A* (? is one character, * any)',
    ],
    [
      '(title:drone AND jurisdiction:US) OR abstract:uav',
      'Patents (whose title has drone and from United States) or whose abstract has uav',
    ],
    ['title:solar title:panel', 'Patents whose title has solar and panel'],
    // phrases and proximity
    ['"solid state electrolyte"', 'Patents mentioning "solid state electrolyte"'],
    ['abstract:"solar cell"~3', 'Patents whose abstract has "solar" and "cell" within 3 words of each other'],
    // wildcards
    ['valve*', 'Patents mentioning words starting with valve'],
    ['el?ctrod*', 'Patents mentioning words like el?ctrod* (? is one character, * any)'],
    ['class_ipcr.symbol:A61K*', 'Patents classified in IPC A61K* (? is one character, * any)'],
    // every field kind
    ['claim:(electrode AND slurry)', 'Patents whose claims have electrode and slurry'],
    ['full_text:perovskite', 'Patents mentioning perovskite'],
    ['inventor.name:(smith john)', "Patents whose inventors' names have smith and john"],
    [
      'applicant.name.exact:"PRESIDENT AND FELLOWS OF HARVARD COLLEGE"',
      'Patents whose applicant is "PRESIDENT AND FELLOWS OF HARVARD COLLEGE"',
    ],
    ['owner_all.name:univ*', "Patents whose owners' names have words starting with univ"],
    ['class_cpc.symbol:Y02E10\\/50', 'Patents classified in CPC Y02E10/50'],
    ['kind:B1', 'Patents of kind B1 (granted patent)'],
    ['publication_type:granted_patent', 'Patents published as granted patent'],
    ['legal_status.patent_status:active', 'Patents whose legal status is Active'],
    ['lens_id:020-117-735-505-62X', 'Patents with Lens id 020-117-735-505-62X'],
    ['doc_number:7654321', 'Patents with document number 7654321'],
    ['ids:("US 7,654,321 B2" OR EP0227762B1)', 'Patents identified as "US 7,654,321 B2" or EP0227762B1'],
    // ranges and dates
    ['date_published:[2020-01-01 TO *]', 'Patents published from 2020-01-01'],
    ['date_published:{2015 TO 2020}', 'Patents published after 2015 and before 2020'],
    ['year_published:[* TO 2010]', 'Patents published up to 2010'],
    ['earliest_priority_claim_date:2015', 'Patents with earliest priority in 2015'],
    ['date_published:2015-01-31', 'Patents published on 2015-01-31'],
  ])('reads %s', (query, reading) => {
    expect(read(query)).toBe(reading);
  });
});
