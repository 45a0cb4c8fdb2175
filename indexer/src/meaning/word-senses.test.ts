import { describe, expect, it } from 'vitest';
import { standApart } from '@patentscout/db';
import { wordSenses } from './word-senses.js';

describe('what WordNet says of a word', () => {
  it('tells apart words of opposite meaning and different things of one kind, not kin words', async () => {
    const words = [
      'winter',
      'summer',
      'hot',
      'cold',
      'colder',
      'north',
      'south',
      'wet',
      'dry',
      'bees',
      'wasps',
    ];
    const kin = ['drone', 'bee', 'aircraft', 'warm', 'beehive', 'hive', 'honey'];
    const senses = await wordSenses([...words, ...kin, 'xqzt', 'two words']);
    const apart = (left: string, right: string) => standApart(senses.get(left), senses.get(right));
    expect(apart('winter', 'summer')).toBe(true);
    expect(apart('summer', 'winter')).toBe(true);
    expect(apart('hot', 'cold')).toBe(true);
    expect(apart('hot', 'colder')).toBe(true);
    expect(apart('north', 'south')).toBe(true);
    expect(apart('wet', 'dry')).toBe(true);
    expect(apart('bees', 'wasps')).toBe(true);
    expect(apart('drone', 'bee')).toBe(false);
    expect(apart('drone', 'aircraft')).toBe(false);
    expect(apart('hot', 'warm')).toBe(false);
    expect(apart('beehive', 'hive')).toBe(false);
    expect(apart('bees', 'honey')).toBe(false);
    expect(senses.has('xqzt')).toBe(false);
    expect(senses.has('two words')).toBe(false);
    expect(apart('winter', 'xqzt')).toBe(false);
  }, 60_000);
});
