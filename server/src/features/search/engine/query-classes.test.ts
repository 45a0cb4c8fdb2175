import { describe, expect, it } from 'vitest';
import { MEANING_INDEX, STATISTICS_REFRESH_MS } from './plan.js';
import {
  createClassVocabularySource,
  queryClasses,
  spokenClasses,
  type ClassIndex,
  type ClassVocabulary,
} from './query-classes.js';

// Beehives' words and waterfowl's, the first of each class counting most.
const index: ClassIndex = new Map([
  ['bee', [{ cls: 'A01K47', weight: 1 }]],
  ['hive', [{ cls: 'A01K47', weight: 0.92 }]],
  ['duck', [{ cls: 'A01K45', weight: 1 }]],
  ['winter', [{ cls: 'A01K45', weight: 0.6 }]],
  [
    'heat',
    [
      { cls: 'F24C15', weight: 1 },
      { cls: 'A01K45', weight: 0.5 },
    ],
  ],
]);
const term = (lexeme: string, idf: number) => ({ lexeme, idf });

describe('queryClasses', () => {
  it('speaks for the class of the rarest words, the best with agreement 1', () => {
    const classes = queryClasses(index, [
      term('way', 0.5),
      term('keep', 0.8),
      term('bee', 4),
      term('winter', 2),
    ]);
    expect(classes.classes).toEqual(['A01K47']);
    expect(classes.agreements).toEqual([1]);
  });

  it('keeps every class within half of the best, best first', () => {
    const classes = queryClasses(index, [term('bee', 3.5), term('duck', 2.5), term('heat', 1)]);
    expect(classes.classes).toEqual(['A01K47', 'A01K45']);
    expect(classes.agreements[0]).toBe(1);
    expect(classes.agreements[1]).toBeCloseTo((2.5 + 0.5) / 3.5);
  });

  it('speaks for no class when its words carry too little of the query', () => {
    expect(queryClasses(index, [term('bee', 1), term('method', 3), term('device', 3)]).classes).toEqual([]);
    expect(queryClasses(index, [term('gear', 3)]).classes).toEqual([]);
    expect(queryClasses(new Map(), [term('bee', 3)]).classes).toEqual([]);
  });
});

describe('spokenClasses', () => {
  const words = new Map([
    ['A01K47', ['beehives', 'bees', 'hive', 'honey']],
    ['A01K45', ['ducks', 'geese']],
    ['F21L19', ['lamps', 'wicks']],
  ]);
  it('names the classes the words speak for, then the groups the first results agreed on, three at most', () => {
    const spoken = spokenClasses({ classes: ['A01K47'], agreements: [1] }, words, [
      'A01K47',
      'H04R1',
      'F21L19',
      'A01K45',
    ]);
    // The agreed A01K47 is named once; H04R1 has no learned words and is not named.
    expect(spoken).toEqual([
      { symbol: 'A01K47', words: ['beehives', 'bees', 'hive'] },
      { symbol: 'F21L19', words: ['lamps', 'wicks'] },
      { symbol: 'A01K45', words: ['ducks', 'geese'] },
    ]);
  });
});

describe('the class vocabulary source', () => {
  const learned: ClassVocabulary = { index, words: new Map([['A01K47', ['beehives', 'bees', 'hive']]]) };
  const none: ClassVocabulary = { index: new Map(), words: new Map() };

  /** A source over `reads` in turn (the last one repeated), on a clock the test moves. */
  function sourceOver(...reads: ClassVocabulary[]) {
    let at = 0;
    let count = 0;
    const source = createClassVocabularySource(async () => reads[Math.min((count += 1), reads.length) - 1]!, {
      now: () => new Date(at),
    });
    return {
      current: () => source.current(),
      later: (ms: number) => (at += ms),
      reads: () => count,
    };
  }

  it('reads an empty vocabulary again after the meaning refresh, not after the statistics period', async () => {
    const source = sourceOver(none, learned);
    expect((await source.current()).index.size).toBe(0);
    source.later(MEANING_INDEX.refreshMs / 2);
    expect((await source.current()).index.size).toBe(0);
    source.later(MEANING_INDEX.refreshMs);
    expect(await source.current()).toBe(learned);
    expect(source.reads()).toBe(2);
  });

  it('keeps a learned vocabulary for the statistics period', async () => {
    const source = sourceOver(learned, none);
    await source.current();
    source.later(STATISTICS_REFRESH_MS - 1);
    expect(await source.current()).toBe(learned);
    expect(source.reads()).toBe(1);
    source.later(2);
    await source.current();
    expect(source.reads()).toBe(2);
  });
});
