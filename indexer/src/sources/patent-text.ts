import { bodySentences, capitalize, withArticle, type AbstractWords } from './abstract-sentences.js';
import type { SeededRandom } from './random.js';
import type { Topic } from './vocabulary/topics.js';

/**
 * Writes the title, abstract and claims of a generated patent from its topic's vocabulary, in
 * the phrasing patent offices use ("A ... is disclosed.", "1. A ... comprising: ..."), so that
 * both search and the summarizer meet text that looks like the real thing.
 */

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

/**
 * How a family names its invention: the title, the abstract's first sentence and the first
 * claim all say the same thing, so a summary that opens with the abstract never contradicts a
 * title made from the title.
 */
export interface Naming {
  /** An English title in lower case; offices differ only in how they capitalise it. */
  title: string;
  /** Ways the abstract's first sentence can say what the title says, with the title's words. */
  openings: readonly string[];
  /** What the first claim claims, without an article. */
  claimed: string;
  /** Whether the title names a purpose rather than a thing: later sentences then say "the system". */
  byPurpose: boolean;
}

type NamingForm = Omit<Naming, 'claimed'> & { claimed?: string };

export function nameInvention(invention: Invention, office: string, random: SeededRandom): Naming {
  const { subject, purpose, topic } = invention;
  const a = withArticle(subject);
  const A = capitalize(a);
  const verb = topic.methodVerb;
  const use = invention.uses[0] ?? purpose;
  const part = invention.components[0] ?? 'an improved housing';
  const forPurpose = (title: string, openings: string[]): NamingForm => ({
    title,
    openings,
    claimed: `${topic.genericNoun} for ${purpose}`,
    byPurpose: true,
  });
  const forms: (readonly [NamingForm, number])[] = [
    [
      {
        title: subject,
        openings: [
          `${A} is disclosed.`,
          `The present invention relates to ${a}.`,
          `${A} is provided.`,
          `Disclosed herein is ${a}.`,
          `The disclosure describes ${a}.`,
          `${A} is described.`,
        ],
        byPurpose: false,
      },
      25,
    ],
    [
      office === 'CN'
        ? {
            title: `${subject} and preparation method thereof`,
            openings: [
              `${A} and a preparation method thereof are disclosed.`,
              `The invention provides ${a} and a preparation method thereof.`,
            ],
            byPurpose: false,
          }
        : {
            title: `${subject} and method of ${verb} the same`,
            openings: [
              `${A} and a method of ${verb} the same are provided.`,
              `${A} and a method of ${verb} the same are disclosed.`,
              `The present invention relates to ${a} and a method of ${verb} the same.`,
            ],
            byPurpose: false,
          },
      10,
    ],
    [
      forPurpose(`method and apparatus for ${purpose}`, [
        `A method and an apparatus for ${purpose} are disclosed.`,
        `Methods and apparatus for ${purpose} are described.`,
        `The invention provides a method and an apparatus for ${purpose}.`,
      ]),
      12,
    ],
    [
      forPurpose(`system and method for ${purpose}`, [
        `A system and a method for ${purpose} are provided.`,
        `Systems and methods for ${purpose} are described.`,
        `Described is a system for ${purpose}, together with a method.`,
      ]),
      12,
    ],
    [
      forPurpose(`methods and systems for ${purpose}`, [
        `Methods and systems for ${purpose} are disclosed.`,
        `The invention concerns methods and systems for ${purpose}.`,
      ]),
      6,
    ],
    [
      {
        title: `method of ${verb} ${a}`,
        openings: [
          `A method of ${verb} ${a} is disclosed.`,
          `The invention provides a method of ${verb} ${a}.`,
          `Described herein is a method of ${verb} ${a}.`,
        ],
        byPurpose: false,
      },
      10,
    ],
    [
      {
        title: `${subject} for ${use}`,
        openings: [`${A} for ${use} is disclosed.`, `The present invention relates to ${a} for ${use}.`],
        byPurpose: false,
      },
      8,
    ],
    [
      {
        title: `${subject} with ${part}`,
        openings: [
          `${A} with ${part} is disclosed.`,
          `The present invention relates to ${a} with ${part}.`,
          `Provided is ${a} with ${part}.`,
        ],
        byPurpose: false,
      },
      10,
    ],
    [
      {
        title: `improved ${subject}`,
        openings: [
          `${capitalize(withArticle(`improved ${subject}`))} is disclosed.`,
          `The invention relates to ${withArticle(`improved ${subject}`)}.`,
        ],
        byPurpose: false,
      },
      4,
    ],
  ];
  const form = random.weighted(forms);
  return { ...form, claimed: form.claimed ?? subject };
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
export function composeAbstract(
  invention: Invention,
  naming: Naming,
  random: SeededRandom,
  detail?: string,
): string {
  const { subject, topic, steps, effects, uses } = invention;
  const [first = '', second = '', third = ''] = numbered(invention.components, random);
  const words: AbstractWords = {
    // A title about a purpose names no thing, so the abstract does not name one either.
    lead: () => (naming.byPurpose || random.chance(0.5) ? topic.genericNoun : subject),
    parts: [first, second, third],
    steps: [steps[0] ?? '', steps[1] ?? ''],
    effects,
    uses,
  };
  return [random.pick(naming.openings), ...bodySentences(words, random, detail)].join(' ');
}

/** An independent product claim with a dependent claim, and often a method claim likewise. */
export function composeClaims(invention: Invention, naming: Naming, random: SeededRandom): string[] {
  const { subject, topic, components, steps, effects } = invention;
  const [first, second, third, fourth] = components;
  const noun = naming.byPurpose ? topic.genericNoun : subject;
  const claims = [
    `1. ${capitalize(withArticle(naming.claimed))}, comprising: ${first}; ${second}; and ${third}, wherein the ${noun} ${effects[0]}.`,
    `2. The ${noun} of claim 1, further comprising ${fourth}.`,
  ];
  if (!random.chance(0.7)) return claims;
  claims.push(
    `3. A method of ${topic.methodVerb} ${withArticle(subject)}, the method comprising: ${steps[0]}; ${steps[1]}; and ${steps[2]}.`,
  );
  if (steps[3]) claims.push(`4. The method of claim 3, further comprising ${steps[3]}.`);
  return claims;
}
