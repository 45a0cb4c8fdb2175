import type { SeededRandom } from './random.js';

/**
 * The sentence patterns of a generated abstract, several per role. Real abstracts are written
 * by thousands of drafters; with one pattern per role every summary of the corpus read as the
 * same sentence with other nouns in it. Every pattern only restates the family's own
 * vocabulary, so the words a search meets are those of the invention.
 */

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'an unmanned aerial vehicle', 'a user equipment', 'a UAV flight control system'. */
export function withArticle(phrase: string): string {
  const soundsLikeVowel = /^([aeio]|u[^aeiou])/i.test(phrase) && !/^(uni|use|usu|uav|ure)/i.test(phrase);
  return `${soundsLikeVowel ? 'an' : 'a'} ${phrase}`;
}

/** The words one abstract is made of; `lead` is how the sentences after the opening name the invention. */
export interface AbstractWords {
  lead: () => string;
  parts: readonly [string, string, string];
  steps: readonly [string, string];
  effects: readonly string[];
  uses: readonly string[];
}

type Pattern = (words: AbstractWords) => string;

const PARTS_PATTERNS: readonly Pattern[] = [
  ({ lead, parts: [a, b, c] }) => `The ${lead()} comprises ${a}, ${b} and ${c}.`,
  ({ lead, parts: [a, b, c] }) => `The ${lead()} includes ${a}, ${b} and ${c}.`,
  ({ parts: [a, b, c] }) => `It has ${a}, ${b} and ${c}.`,
  ({ lead, parts: [a, b, c] }) => `${capitalize(a)}, ${b} and ${c} together form the ${lead()}.`,
  ({ lead, parts: [a, b, c] }) => `At its core, the ${lead()} combines ${a} with ${b} and ${c}.`,
  ({ parts: [a, b, c] }) => `Its main parts are ${a}, ${b} and ${c}.`,
  ({ lead, parts: [a, b, c] }) => `The ${lead()} is built around ${a}, together with ${b} and ${c}.`,
  ({ lead, parts: [a, b, c] }) => `Among the parts of the ${lead()} are ${a}, ${b} and ${c}.`,
  ({ lead, parts: [a, b, c] }) => `The ${lead()} consists mainly of ${a}, ${b} and ${c}.`,
  ({ lead, parts: [a, b, c] }) => `${capitalize(a)} is combined with ${b} and ${c} in the ${lead()}.`,
  ({ lead, parts: [a, b, c] }) => `The ${lead()} is made up of ${a}, ${b} and ${c}.`,
  ({ lead, parts: [a, b, c] }) => `Provided in the ${lead()} are ${a}, ${b} and ${c}.`,
  ({ lead, parts: [a, b, c] }) => `The ${lead()} brings together ${a}, ${b} and ${c}.`,
];

const STEP_PATTERNS: readonly Pattern[] = [
  ({ steps: [first, second] }) => `The method includes ${first} and ${second}.`,
  ({ steps: [first, second] }) => `Operation involves ${first} and ${second}.`,
  ({ steps: [first, second] }) => `This is achieved by ${first} and ${second}.`,
  ({ lead, steps: [first, second] }) => `In use, the ${lead()} works by ${first}, followed by ${second}.`,
  ({ steps: [first, second] }) => `A typical process starts with ${first} and continues with ${second}.`,
  ({ steps: [first, second] }) => `${capitalize(first)} is followed by ${second}.`,
  ({ steps: [first, second] }) => `Key steps are ${first} and ${second}.`,
  ({ lead, steps: [first, second] }) => `The ${lead()} operates by ${first} and then ${second}.`,
  ({ steps: [first, second] }) => `Processing comprises ${first} and ${second}.`,
];

const both = (effects: readonly string[]) => effects.join(' and ');

const EFFECT_PATTERNS: readonly Pattern[] = [
  ({ lead, effects }) => `The ${lead()} ${both(effects)}.`,
  ({ lead, effects }) => `As a result, the ${lead()} ${both(effects)}.`,
  ({ effects }) => `This arrangement ${both(effects)}.`,
  ({ effects: [first] }) => `Compared with conventional designs, it ${first}.`,
  ({ lead, effects: [first, second] }) =>
    second
      ? `One benefit is that the ${lead()} ${first}; another is that it ${second}.`
      : `One benefit is that the ${lead()} ${first}.`,
  ({ effects }) => `The approach ${both(effects)}.`,
  ({ lead, effects: [first] }) => `Thus the ${lead()} ${first}.`,
  ({ lead, effects: [first] }) => `Advantageously, the ${lead()} ${first}.`,
];

/** Each names the uses after a phrase the summarizer reads uses from ("suitable for use in"). */
const USE_PATTERNS: readonly Pattern[] = [
  ({ lead, uses }) => `The ${lead()} is suitable for use in ${both(uses)}.`,
  ({ uses }) => `It is particularly useful in ${both(uses)}.`,
  ({ lead, uses }) => `The ${lead()} is intended for use in ${both(uses)}.`,
  ({ uses }) => `The invention is applicable to ${both(uses)}.`,
  ({ lead, uses }) => `Such a ${lead()} is designed for ${both(uses)}.`,
];

/**
 * The sentences after the opening: parts, steps and effects in one of a few orders, the
 * family's distinctive detail somewhere among them, and often the uses at the end.
 */
export function bodySentences(words: AbstractWords, random: SeededRandom, detail?: string): string[] {
  const parts = random.pick(PARTS_PATTERNS)(words);
  const steps = random.pick(STEP_PATTERNS)(words);
  const effects = random.pick(EFFECT_PATTERNS)(words);
  const sentences = random.pick([
    [parts, steps, effects],
    [parts, effects, steps],
    [steps, parts, effects],
  ]);
  if (detail) sentences.splice(random.int(0, sentences.length), 0, detail);
  if (random.chance(0.7)) sentences.push(random.pick(USE_PATTERNS)(words));
  return sentences;
}
