import { stemmer } from 'stemmer';
import { isStopWord } from '@patentscout/server/search-engine';

/** The distinct stems of a text's words (letters and digits), PostgreSQL's English stop words left out. */
export function stemsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return new Set(words.filter((word) => !isStopWord(word)).map((word) => stemmer(word)));
}

/** The stems a description shares with the patent's title and abstract, in the description's order. */
export function sharedStems(description: string, patent: { title: string; abstract: string }): string[] {
  const patentStems = stemsOf(`${patent.title} ${patent.abstract}`);
  return [...stemsOf(description)].filter((stem) => patentStems.has(stem));
}

/** The most stems a paraphrase may share with its target's title and abstract. */
export const MAX_SHARED_STEMS = 2;
