import { describe, expect, it } from 'vitest';
import { insertPatents, patentRow, type PatentFixture } from '../../../testing/patent-fixtures.js';
import { parseLensQuery } from '../query/parser.js';
import { compileLensQuery } from './compile.js';
import { NO_FILTERS } from './filters.js';
import { UNKNOWN_VALUE_SHARES, WILDCARD_WORDS_CAP } from './plan.js';
import { buildDeferredSearchRows, deferSearchRows, stageSearchRows, STAGE_CHUNK } from '@patentscout/db';
import { systemClock } from '../../../shared/clock.js';
import { createSearchEngine } from './engine.js';
import { engineTestCorpus } from '../../../testing/search-engine-kit.js';
import { expandWildcards } from './wildcards.js';

const named = {
  optimization: patentRow({ title: 'PROCESS OPTIMIZATION OF A KILN', abstract: 'A kiln.' }),
  optimisation: patentRow({ title: 'KILN', abstract: 'Optimisation of the firing curve.' }),
  optimal: patentRow({
    title: 'KILN',
    abstract: 'An optimal firing curve.',
    claims: 'Optimum heat of a solid-state kiln.',
  }),
  optimizing: patentRow({ title: 'KILN', claims: 'A controller optimizing the heat of the kiln.' }),
  electrode: patentRow({ title: 'ELECTRODE', abstract: 'A coated electrode for a battery.' }),
  electrolyte: patentRow({ title: 'ELECTROLYTE', abstract: 'A solid electrolyte for a battery.' }),
  colour: patentRow({ title: 'COLOUR FILTER', abstract: 'A dye.' }),
  color: patentRow({ title: 'COLOR FILTER', abstract: 'A dye.' }),
  women: patentRow({ title: 'GARMENT', abstract: 'A garment for women.' }),
  woman: patentRow({ title: 'GARMENT', claims: 'A garment worn by a woman.' }),
  solar: patentRow({ title: 'SOLAR PANEL', abstract: 'A panel.' }),
  solder: patentRow({ title: 'JOINT', abstract: 'A solder joint.' }),
  solars: patentRow({ title: 'PANEL', abstract: 'Solars and panels.' }),
  computer: patentRow({ title: 'COMPUTER', abstract: 'A computer.' }),
  computing: patentRow({ title: 'GRID', abstract: 'Distributed computing.' }),
  // Words of a prefix the vocabulary holds more of than the cap.
  broad: patentRow({
    title: 'CATALOGUE',
    claims: Array.from({ length: WILDCARD_WORDS_CAP + 1 }, (_, index) => `zqw${index}x`).join(' '),
  }),
};
const ROWS: PatentFixture[] = Object.values(named);
const nameOf = new Map(Object.entries(named).map(([name, row]) => [row.lens_id, name]));

const fixture = engineTestCorpus(ROWS);

async function matches(query: string): Promise<string[]> {
  const root = parseLensQuery(query);
  const compiled = compileLensQuery(
    root,
    UNKNOWN_VALUE_SHARES,
    await expandWildcards(fixture.database.db, root),
  );
  const found = await fixture.parts.advanced(compiled, NO_FILTERS, 500, {
    ...UNKNOWN_VALUE_SHARES,
    documents: ROWS.length,
    topRankDocuments: 0,
  });
  return found.hits.map((hit) => nameOf.get(hit.lens_id) ?? hit.lens_id).sort();
}

describe('wildcards inside words match the words as written', () => {
  it.each([
    // `optim` is also the stem of "optimal" and "optimum": the text as written decides.
    ['optimi?ation', ['optimisation', 'optimization']],
    ['optimi*', ['optimisation', 'optimization', 'optimizing']],
    ['optimiz*', ['optimization', 'optimizing']],
    ['el*trode', ['electrode']],
    ['el?ctr*', ['electrode', 'electrolyte']],
    ['colo?r', ['colour']],
    ['colo*r', ['color', 'colour']],
    ['wom?n', ['woman', 'women']],
    ['sol*r', ['solar', 'solder']],
    ['comput*', ['computer', 'computing']],
    ['optimi?ation AND title:process', ['optimization']],
    ['wom?n NOT garment', []],
    ['zz?q', []],
  ])('%s', async (query, expected) => {
    expect(await matches(query)).toEqual(expected);
  });

  it('respects the field asked for', async () => {
    expect(await matches('title:optimi?ation')).toEqual(['optimization']);
    expect(await matches('abstract:optimi?ation')).toEqual(['optimisation']);
    expect(await matches('claims:optimi*')).toEqual(['optimizing']);
    expect(await matches('claims:wom?n')).toEqual(['woman']);
    expect(await matches('title:sol*r')).toEqual(['solar']);
  });

  it('checks the text as written only where a stem stands for words that do not fit', async () => {
    const compiledOf = async (query: string) => {
      const root = parseLensQuery(query);
      const words = await expandWildcards(fixture.database.db, root);
      return compileLensQuery(root, UNKNOWN_VALUE_SHARES, words).where.compile(fixture.database.db);
    };
    expect((await compiledOf('el*trode')).sql).not.toContain('FROM patents');
    expect((await compiledOf('optimi?ation')).sql).toContain('FROM patents');
    // Every lexeme starting with "comput" is a word starting with it: one prefix operand.
    expect((await compiledOf('comput*')).parameters).toContain("'comput':*ABC");
    expect((await compiledOf('optimiz*')).parameters).not.toContain("'optimiz':*ABC");
  });

  it('refuses an inner wildcard that fits more words than the cap, and reads a broad prefix by its stems', async () => {
    await expect(matches('zqw*x')).rejects.toThrowError(
      `zqw*x is too broad: it fits more than ${WILDCARD_WORDS_CAP} words. Add letters before the first * or ?.`,
    );
    expect(await matches('zqw*')).toEqual(['broad']);
  });

  it('reads the vocabulary wherever the engine compiles a query: searches, exact counts, highlights', async () => {
    const engine = createSearchEngine({ connectionString: fixture.database.url, clock: systemClock });
    try {
      const query = parseLensQuery('optimi?ation');
      const found = await engine.advanced({ query, filters: NO_FILTERS, maxResults: 10 });
      expect(found.hits.map((hit) => nameOf.get(hit.lens_id)).sort()).toEqual([
        'optimisation',
        'optimization',
      ]);
      expect(await engine.countExactly({ query, filters: NO_FILTERS })).toMatchObject({ total: 2 });
      expect((await engine.matchWords({ query }))?.split(' | ').sort()).toEqual(["'optim'", "'optimis'"]);
    } finally {
      await engine.close();
    }
  });

  it('keeps name wildcards on the names as written', async () => {
    expect(await matches('inventor.name:do?')).toHaveLength(ROWS.length);
    expect(await matches('inventor.name:do?x')).toEqual([]);
  });
});

describe('the vocabulary of words as written', () => {
  const words = async (...candidates: string[]) =>
    (
      await fixture.database.db
        .selectFrom('search_words')
        .select(['word', 'lexeme'])
        .where('word', 'in', candidates)
        .orderBy('word')
        .execute()
    ).map((row) => `${row.word}:${row.lexeme ?? ''}`);

  it('holds each word with its English lexeme, stop words without one', async () => {
    expect(await words('optimization', 'optimisation', 'the', 'kiln')).toEqual([
      'kiln:kiln',
      'optimisation:optimis',
      'optimization:optim',
      'the:',
    ]);
    // A compound is its parts, as Lens tokenises it.
    expect(await words('solid-state', 'state')).toEqual(['state:state']);
  });

  it('follows single inserts and updates of the text', async () => {
    const db = fixture.database.db;
    const added = patentRow({ title: 'QUUXIFIED GASKET' });
    await insertPatents(db, [added]);
    expect(await words('quuxified')).toEqual(['quuxified:quuxifi']);
    await db
      .updateTable('patents')
      .set({ abstract: 'A frobnicating seal.' })
      .where('lens_id', '=', added.lens_id)
      .execute();
    expect(await words('frobnicating')).toEqual(['frobnicating:frobnic']);
    expect(await matches('frob*ting')).toEqual([added.lens_id]);
  });

  it('follows bulk loads built at the end', async () => {
    const db = fixture.database.db;
    const deferred = patentRow({ title: 'BLORPTASTIC VALVE' });
    await db.transaction().execute(async (transaction) => {
      await deferSearchRows(transaction);
      await insertPatents(transaction, [deferred]);
    });
    expect(await words('blorptastic')).toEqual([]);
    await buildDeferredSearchRows(db);
    expect(await words('blorptastic')).toEqual(['blorptastic:blorptast']);
    expect(await matches('blor?tastic')).toEqual([deferred.lens_id]);
  });

  it('gains the words of rows staged beside a load before the final build', async () => {
    const db = fixture.database.db;
    // A chunk's worth, so that the stager computes them while the load goes on.
    const staged = Array.from({ length: STAGE_CHUNK }, (_, index) =>
      patentRow({ title: index === 0 ? 'SNARFLING PUMP' : 'PUMP' }),
    );
    const stager = await stageSearchRows(db);
    for (let start = 0; start < staged.length; start += 1000) {
      await db.transaction().execute(async (transaction) => {
        await deferSearchRows(transaction);
        await insertPatents(transaction, staged.slice(start, start + 1000));
      });
    }
    stager.add(staged.map((row) => row.lens_id));
    await expect.poll(() => words('snarfling'), { timeout: 20_000 }).toEqual(['snarfling:snarfl']);
    await stager.finish();
    expect(await matches('snarf*ng')).toEqual([staged[0]!.lens_id]);
  });
});
