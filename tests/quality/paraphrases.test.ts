import { describe, expect, it } from 'vitest';
import { MIN_TARGETS, paraphraseProblems } from './paraphrase-check.js';
import { MAX_SHARED_STEMS, sharedStems } from './paraphrase-rule.js';
import { readParaphrases } from './paraphrase-set.js';

describe('the paraphrase set', () => {
  it('keeps its rules: 150 targets or more over every area, each in other words than its own', async () => {
    const entries = readParaphrases();
    expect(entries.length).toBeGreaterThanOrEqual(MIN_TARGETS);
    expect(await paraphraseProblems(entries, true)).toEqual([]);
  });

  it('counts shared stems as the rule means: inflections are one stem, stop words none', () => {
    const patent = {
      title: 'Computing device for the detection of flames',
      abstract: 'A computer detects a flame.',
    };
    expect(sharedStems('a computer that detected the flames of a fire', patent)).toEqual([
      'comput',
      'detect',
      'flame',
    ]);
    expect(sharedStems('the thing is over there', patent)).toEqual([]);
    expect(MAX_SHARED_STEMS).toBe(2);
  });
});
