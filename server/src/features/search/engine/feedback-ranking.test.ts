import { describe, expect, it } from 'vitest';
import { patentRow } from '../../../testing/patent-fixtures.js';
import { engineTestCorpus } from '../../../testing/search-engine-kit.js';
import { NO_FILTERS } from './filters.js';

/**
 * AI search orders its first results again by the classes they agree on (ADR 0190), for a text
 * that names a subject: "bee" and "winter" held one each, equally rare, by patents that tie on
 * their words, in the order of their ids. The first beehive stays first, as the best match does;
 * the pond and the coat come next by their ids, and the other beehives agree with the first.
 */
const hive = () => patentRow({ title: 'BEE HIVE', ipc_symbols: ['A01K47/06'], first_ipc: 'A01K47/06' });
const firstHive = hive();
const pond = patentRow({ title: 'WINTER POND', ipc_symbols: ['A01K63/00'], first_ipc: 'A01K63/00' });
const coat = patentRow({ title: 'WINTER COAT', ipc_symbols: ['A41D3/00'], first_ipc: 'A41D3/00' });
const hives = [hive(), hive()];
const fixture = engineTestCorpus([firstHive, pond, coat, ...hives]);
const terms = [
  { lexeme: 'bee', idf: Math.log(1 / 0.01) },
  { lexeme: 'winter', idf: Math.log(1 / 0.01) },
];
const order = async (subject: number) =>
  (await fixture.parts.natural(terms, NO_FILTERS, 500, undefined, subject)).hits.map((hit) => hit.lens_id);

describe('AI search and the classes its first results agree on', () => {
  it('ranks near-equals by their words alone for one invention described', async () => {
    expect(await order(0)).toEqual([firstHive, pond, coat, ...hives].map((row) => row.lens_id));
  });

  it('raises the patents of the subject the results agree on for a subject named in a few words', async () => {
    const ranked = await order(1);
    expect(ranked[0]).toBe(firstHive.lens_id);
    expect(ranked.slice(1, 3).sort()).toEqual(hives.map((row) => row.lens_id).sort());
    expect(ranked.slice(3)).toEqual([pond.lens_id, coat.lens_id]);
  });
});
