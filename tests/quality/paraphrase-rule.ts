import { stemmer } from 'stemmer';

/** PostgreSQL's English stop words (`english.stop`): words no search weighs. */
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers
  herself it its itself they them their theirs themselves what which who whom this that these those am is are
  was were be been being have has had having do does did doing a an the and but if or because as until while
  of at by for with about against between into through during before after above below to from up down in out
  on off over under again further then once here there when where why how all any both each few more most
  other some such no nor not only own same so than too very s t can will just don should now`.split(/\s+/),
);

/** The distinct stems of a text's words (letters and digits), stop words left out. */
export function stemsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return new Set(words.filter((word) => !STOP_WORDS.has(word)).map((word) => stemmer(word)));
}

/** The stems a description shares with the patent's title and abstract, in the description's order. */
export function sharedStems(description: string, patent: { title: string; abstract: string }): string[] {
  const patentStems = stemsOf(`${patent.title} ${patent.abstract}`);
  return [...stemsOf(description)].filter((stem) => patentStems.has(stem));
}

/** The most stems a paraphrase may share with its target's title and abstract. */
export const MAX_SHARED_STEMS = 2;
