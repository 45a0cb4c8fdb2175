import { describeIpcSymbol, type IpcHeading } from '@patentscout/schema';
import { plainTitle } from './plain-title.js';
import type { GeneratedText, Summarizer, SummarizerInput } from './summarizer.js';

/**
 * The default summarizer: extractive, deterministic and fast. Everything it writes comes from
 * the record itself (its title, abstract and claims) or from the published meaning of its IPC
 * classification, so it can be wrong only where the record is.
 */
export class OfflineSummarizer implements Summarizer {
  summarize(input: SummarizerInput): GeneratedText {
    const classification = classificationOf(input.ipcSymbols);
    const title = plainTitle(input.title) || untitledTitle(input, classification);
    return {
      title,
      summary: summaryOf(input, title, classification),
      types: typesOf(input, classification),
      uses: usesOf(input, classification),
    };
  }
}

interface Classification {
  section?: IpcHeading;
  headings: IpcHeading[];
}

function classificationOf(ipcSymbols: readonly string[]): Classification {
  const described = ipcSymbols.map(describeIpcSymbol);
  const headings = [
    ...new Map(
      described.flatMap(({ heading }) => (heading ? [[heading.code, heading] as const] : [])),
    ).values(),
  ];
  return { section: described[0]?.section, headings };
}

const PUBLICATION_TYPE_TAGS: Record<string, string> = {
  GRANTED_PATENT: 'Granted patent',
  PATENT_APPLICATION: 'Patent application',
  LIMITED_PATENT: 'Utility model',
  DESIGN_RIGHT: 'Design',
  SEARCH_REPORT: 'Search report',
};

function typesOf(input: SummarizerInput, { section, headings }: Classification): string[] {
  const publicationType = input.publicationType ? PUBLICATION_TYPE_TAGS[input.publicationType] : undefined;
  const tags = [...headings.slice(0, 2).map((heading) => heading.title), section?.title, publicationType];
  return [...new Set(tags.filter((tag): tag is string => Boolean(tag)))];
}

/** Drawing references ("a rotor (12)", "(20 and 30)", "(FIG. 2)") mean nothing without the drawings. */
function withoutReferenceNumerals(text: string): string {
  const reference = String.raw`(?:\d+[a-z]?'*|[a-z]'*)`;
  return text
    .replace(
      new RegExp(String.raw`\s*\(\s*${reference}(?:\s*(?:,|and|to|-|–)\s*${reference})*\s*\)`, 'gi'),
      '',
    )
    .replace(/\s*\((?:see\s+)?figs?\.?\s*\d+[a-z]?(?:\s*(?:,|and|-)\s*\d+[a-z]?)*\)/gi, '')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

const ABBREVIATION_END = /\b(?:e\.g|i\.e|etc|fig|figs|no|nos|approx|wt|vs|al|ca|resp|[A-Z])\.$/i;

function sentencesOf(text: string): string[] {
  const pieces = text.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"(])/u);
  const sentences: string[] = [];
  for (const piece of pieces) {
    const previous = sentences.at(-1);
    if (previous !== undefined && ABBREVIATION_END.test(previous))
      sentences[sentences.length - 1] = `${previous} ${piece}`;
    else sentences.push(piece);
  }
  return sentences.map((sentence) => sentence.trim()).filter((sentence) => sentence !== '');
}

const SUMMARY_BUDGET = 450;
const PUBLICATION_TYPE_NOUNS: Record<string, string> = {
  GRANTED_PATENT: 'granted patent',
  PATENT_APPLICATION: 'patent application',
  LIMITED_PATENT: 'utility model',
  DESIGN_RIGHT: 'design',
  SEARCH_REPORT: 'search report',
};

function publicationNoun(input: SummarizerInput): string {
  return (input.publicationType && PUBLICATION_TYPE_NOUNS[input.publicationType]) || 'patent publication';
}

/** A record without a title still gets a truthful one: what it is and where it is classified. */
function untitledTitle(input: SummarizerInput, { section, headings }: Classification): string {
  const field = headings[0] ?? section;
  const noun = publicationNoun(input);
  return field ? `Untitled ${noun} in ${field.title.toLowerCase()}` : `Untitled ${noun}`;
}

/**
 * Says "invention", not "granted patent" or "patent application": the members of a family share
 * their text, and their AI text with it, whichever stage each office has reached.
 */
function classificationSentence(
  { section, headings }: Classification,
  classWords: readonly string[] = [],
): string | undefined {
  const field = headings[0] ?? section;
  if (!field) return undefined;
  const within = section && field !== section ? ` (${section.title.toLowerCase()})` : '';
  // What the patents of its classes are about says more than the class's heading alone (ADR 0177).
  const about = classWords.slice(0, CLASS_WORDS_SAID);
  const covering =
    about.length > 1
      ? `, whose patents are about ${about.slice(0, -1).join(', ')} and ${about.at(-1)}`
      : about.length === 1
        ? `, whose patents are about ${about[0]}`
        : '';
  return `This invention is classified under ${field.title.toLowerCase()}${within}${covering}.`;
}

/** How many of its classes' words a summary names. */
const CLASS_WORDS_SAID = 4;

/** A long first sentence cut at a word boundary, marked as cut. */
function clipped(sentence: string, maxLength: number): string {
  const boundary = sentence.lastIndexOf(' ', maxLength - 1);
  return `${sentence.slice(0, boundary > 0 ? boundary : maxLength - 1).replace(/[\s,;:]+$/, '')}…`;
}

function summaryOf(input: SummarizerInput, title: string, classification: Classification): string {
  const abstract = withoutReferenceNumerals(input.abstract).replace(
    /\bthe present (invention|disclosure|application)\b/gi,
    'this $1',
  );
  const sentences: string[] = [];
  for (const sentence of sentencesOf(abstract)) {
    if (sentences.length === 3) break;
    const length = sentences.join(' ').length + sentence.length + 1;
    if (sentences.length > 0 && length > SUMMARY_BUDGET) break;
    sentences.push(sentence.length > SUMMARY_BUDGET ? clipped(sentence, SUMMARY_BUDGET) : sentence);
  }
  const opening = sentences.length > 0 ? sentences : title ? [`${title}.`] : [];
  const closing = opening.length < 2 ? classificationSentence(classification, input.classWords) : undefined;
  const summary = [...opening, ...(closing ? [closing] : [])].map(
    (sentence) => sentence.charAt(0).toUpperCase() + sentence.slice(1),
  );
  return summary.join(' ');
}

/** Phrases after which patent text usually names a field of use. */
const USE_CUE =
  /\b(?:suitable for use in|for use in|for use with|useful (?:for|in)|suitable for|used (?:in|for)|applicable to|particularly for|adapted for|designed for|intended for)\s+(.+?)(?=\s+(?:is|are|was|were|which|that|wherein|whereby|so|by|having|comprising|including)\b|[.;:()]|$)/gi;
const MAX_USE_WORDS = 6;
const VAGUE_USES = /^(?:it|this|that|the same|example|such|other|various|many|any|use)\b/i;

function usesInText(text: string): string[] {
  const uses: string[] = [];
  for (const match of text.matchAll(USE_CUE)) {
    for (const item of (match[1] ?? '').split(/,\s*(?:and\s+)?|\s+and\s+/)) {
      const words = item
        .replace(/^(?:the|a|an)\s+/i, '')
        .replace(/\s+(?:and the like|etc)$/i, '')
        .trim()
        .split(/\s+/);
      const use = words.join(' ');
      if (words.length <= MAX_USE_WORDS && use.length >= 4 && !VAGUE_USES.test(use))
        uses.push(use.charAt(0).toUpperCase() + use.slice(1));
    }
  }
  return uses;
}

const GENERAL_USES = ['Product development', 'Technology licensing'];

function usesOf(input: SummarizerInput, { section, headings }: Classification): string[] {
  const fromText = usesInText(withoutReferenceNumerals(`${input.title}. ${input.abstract}`)).slice(0, 2);
  const fromClassification = headings[0]?.uses ?? section?.uses ?? [];
  const candidates = [...fromText, ...fromClassification, ...(section?.uses ?? []), ...GENERAL_USES];
  const unique = [...new Map(candidates.map((use) => [use.toLowerCase(), use])).values()];
  return unique.slice(0, Math.max(2, Math.min(4, fromText.length + fromClassification.length)));
}
