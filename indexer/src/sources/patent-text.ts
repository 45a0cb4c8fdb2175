import type { SeededRandom } from './random.js';
import type { Topic } from './vocabulary/topics.js';

/**
 * Writes the title, abstract and claims of a generated patent from its topic's vocabulary, in
 * the phrasing patent offices use ("A ... is disclosed.", "1. A ... comprising: ..."), so that
 * both search and the summarizer meet text that looks like the real thing.
 */

/** 'an unmanned aerial vehicle', 'a user equipment', 'a UAV flight control system'. */
export function withArticle(phrase: string): string {
  const soundsLikeVowel = /^([aeio]|u[^aeiou])/i.test(phrase) && !/^(uni|use|usu|uav|ure)/i.test(phrase);
  return `${soundsLikeVowel ? 'an' : 'a'} ${phrase}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The invention one patent family is about. */
export interface Invention {
  topic: Topic;
  subject: string;
  purpose: string;
  components: string[];
  steps: string[];
  effects: string[];
  uses: string[];
}

export function chooseInvention(topic: Topic, random: SeededRandom): Invention {
  return {
    topic,
    subject: random.pick(topic.subjects),
    purpose: random.pick(topic.purposes),
    components: random.sample(topic.components, 4),
    steps: random.sample(topic.steps, 4),
    effects: random.sample(topic.effects, 2),
    uses: random.sample(topic.uses, 2),
  };
}

/** An English title in lower case; offices differ only in how they capitalise it. */
export function composeTitle(invention: Invention, office: string, random: SeededRandom): string {
  const { subject, purpose, topic } = invention;
  const forms: (readonly [string, number])[] = [
    [subject, 25],
    [
      office === 'CN'
        ? `${subject} and preparation method thereof`
        : `${subject} and method of ${topic.methodVerb} the same`,
      10,
    ],
    [`method and apparatus for ${purpose}`, 12],
    [`system and method for ${purpose}`, 12],
    [`methods and systems for ${purpose}`, 6],
    [`method of ${topic.methodVerb} ${withArticle(subject)}`, 10],
    [`${subject} for ${invention.uses[0] ?? purpose}`, 8],
    [`${subject} with ${invention.components[0] ?? 'improved performance'}`, 10],
    [`improved ${subject}`, 4],
  ];
  return random.weighted(forms);
}

const UPPER_CASE_OFFICES = new Set(['EP', 'WO', 'GB', 'AU', 'CA', 'DE', 'FR']);
const KEEP_LOWER = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'on', 'to', 'by']);

/** Capitalises a title the way the office's records usually do. */
export function styleTitle(title: string, office: string, random: SeededRandom): string {
  if (UPPER_CASE_OFFICES.has(office) && random.chance(0.55)) return title.toUpperCase();
  if (random.chance(0.2)) {
    return title
      .split(' ')
      .map((word, index) => (index > 0 && KEEP_LOWER.has(word) ? word : capitalize(word)))
      .join(' ');
  }
  return capitalize(title);
}

/** Some offices' abstracts point at drawing parts with reference numerals: "a rotor (12)". */
function numbered(components: string[], random: SeededRandom): string[] {
  if (!random.chance(0.2)) return components;
  return components.map((component, index) => `${component} (${10 + index * 2})`);
}

/** `detail`: a sentence on what sets this invention apart (see vocabulary/details.ts). */
export function composeAbstract(invention: Invention, random: SeededRandom, detail?: string): string {
  const { subject, purpose, topic, steps, effects, uses } = invention;
  const [first, second, third] = numbered(invention.components, random);
  const opening = random.pick([
    `${capitalize(withArticle(subject))} is disclosed.`,
    `The present invention relates to ${withArticle(subject)}.`,
    `${capitalize(withArticle(subject))} and a method of ${topic.methodVerb} the same are provided.`,
    `Systems and methods for ${purpose} are described.`,
    `A method for ${purpose} is disclosed.`,
  ]);
  const sentences = [
    opening,
    `The ${random.chance(0.5) ? topic.genericNoun : subject} ${random.pick(['comprises', 'includes'])} ${first}, ${second} and ${third}.`,
    `${random.pick(['The method includes', 'Operation involves', 'This is achieved by'])} ${steps[0]} and ${steps[1]}.`,
    `${random.pick(['As a result, the', 'The'])} ${subject} ${effects[0]}${effects[1] ? ` and ${effects[1]}` : ''}.`,
  ];
  if (detail) sentences.push(detail);
  if (random.chance(0.7)) sentences.push(`The ${subject} is suitable for use in ${uses.join(' and ')}.`);
  return sentences.join(' ');
}

/** An independent product claim with a dependent claim, and often a method claim likewise. */
export function composeClaims(invention: Invention, random: SeededRandom): string[] {
  const { subject, topic, components, steps, effects } = invention;
  const [first, second, third, fourth] = components;
  const claims = [
    `1. ${capitalize(withArticle(subject))} comprising: ${first}; ${second}; and ${third}, wherein the ${subject} ${effects[0]}.`,
    `2. The ${subject} of claim 1, further comprising ${fourth}.`,
  ];
  if (!random.chance(0.7)) return claims;
  claims.push(
    `3. A method of ${topic.methodVerb} ${withArticle(subject)}, the method comprising: ${steps[0]}; ${steps[1]}; and ${steps[2]}.`,
  );
  if (steps[3]) claims.push(`4. The method of claim 3, further comprising ${steps[3]}.`);
  return claims;
}
