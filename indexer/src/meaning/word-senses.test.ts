import { describe, expect, it } from 'vitest';
import { standApart } from '@patentscout/db';
import { wordSenses } from './word-senses.js';

/** Opposites, and different things of one kind: never offered for each other. */
const APART: [string, string][] = [
  ['winter', 'summer'],
  ['summer', 'winter'],
  ['hot', 'cold'],
  ['hot', 'colder'],
  ['north', 'south'],
  ['wet', 'dry'],
  ['bees', 'wasps'],
];
/** Kin words, and a word WordNet does not know: nothing says they stand apart. */
const NOT_APART: [string, string][] = [
  ['drone', 'bee'],
  ['drone', 'aircraft'],
  ['hot', 'warm'],
  ['beehive', 'hive'],
  ['bees', 'honey'],
  ['winter', 'xqzt'],
];

describe('what WordNet says of a word', () => {
  it('tells apart words of opposite meaning and different things of one kind, not kin words', async () => {
    const words = [...APART, ...NOT_APART].flat();
    const senses = await wordSenses([...words, 'two words']);
    const apart = ([left, right]: [string, string]) => standApart(senses.get(left), senses.get(right));
    expect(APART.filter((pair) => !apart(pair))).toEqual([]);
    expect(NOT_APART.filter(apart)).toEqual([]);
    expect(senses.has('xqzt')).toBe(false);
    expect(senses.has('two words')).toBe(false);
  }, 60_000);
});
