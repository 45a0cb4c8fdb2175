import type { LensPatentRecord } from '@patentscout/schema';
import { describe, expect, it } from 'vitest';
import { generatePatents } from '../sources/generator.js';
import { TOPICS } from '../sources/vocabulary/topics.js';
import { OfflineSummarizer } from './offline-summarizer.js';

/**
 * The AI text of the generated demo corpus, as `npm start` writes it: it must read as if each
 * patent had been summarised on its own, not stamped from one template.
 */
const summarizer = new OfflineSummarizer();
const RECORDS = [...generatePatents({ count: 4_000, seed: 11 })];
const aiTextOf = (record: LensPatentRecord) =>
  summarizer.summarize({
    title: record.biblio.invention_title?.[0]?.text ?? '',
    abstract: record.abstract?.[0]?.text ?? '',
    claims: '',
    ipcSymbols: (record.biblio.classifications_ipcr?.classifications ?? []).map(({ symbol }) => symbol),
    publicationType: record.publication_type ?? null,
  });
const PUBLICATION_TYPE_TAGS = new Set(['Granted patent', 'Patent application', 'Utility model', 'Design']);
const familyKey = (record: LensPatentRecord) =>
  (record.families?.simple_family?.members ?? []).map((member) => member.lens_id).join();
const firstSentence = (summary: string) => summary.split(/(?<=\.)\s+/)[0] ?? '';

/** Every phrase the topics lend to generated text, longest first so that no part of one is left. */
const VOCABULARY = [
  ...new Set(
    TOPICS.flatMap((topic) => [
      ...topic.subjects,
      ...topic.purposes,
      ...topic.components,
      ...topic.components.map((component) => component.replace(/^(a|an)\s+/, '')),
      ...topic.steps,
      ...topic.effects,
      ...topic.uses,
      topic.genericNoun,
      topic.methodVerb,
    ]).map((phrase) => phrase.toLowerCase()),
  ),
].sort((left, right) => right.length - left.length);

/** A sentence with every phrase of the topics' vocabulary and every number replaced by "_". */
function templateOf(sentence: string): string {
  let template = sentence.toLowerCase();
  for (const phrase of VOCABULARY) if (template.includes(phrase)) template = template.split(phrase).join('_');
  return template.replace(/\d+/g, '_');
}

describe('the AI text of the generated corpus', () => {
  it('titles each patent with words its summary opens with, and names no other invention', () => {
    const subjects = [
      ...new Set(TOPICS.flatMap((topic) => topic.subjects.map((subject) => subject.toLowerCase()))),
    ];
    const subjectsIn = (text: string) =>
      subjects.filter((subject) => new RegExp(`\\b${subject}\\b`, 'i').test(text));
    for (const record of RECORDS.slice(0, 2_000)) {
      const { title, summary } = aiTextOf(record);
      const fullTitle = (record.biblio.invention_title?.[0]?.text ?? '').toLowerCase();
      const opening = firstSentence(summary);
      // The property: the first sentence contains the AI title word for word, and the invention
      // every sentence speaks of ("The X comprises ...") is the title's or a plain "the device".
      expect(opening.toLowerCase()).toContain(title.toLowerCase());
      for (const subject of subjectsIn(opening)) expect(fullTitle).toContain(subject);
      for (const sentence of summary.split(/(?<=\.)\s+/).slice(1))
        for (const subject of subjectsIn(
          sentence.match(/^The (.+?) (?:comprises|includes|is|has|operates|works)\b/)?.[1] ?? '',
        ))
          expect(fullTitle).toContain(subject);
    }
  });

  it('gives every member of a simple family the same AI title, summary and uses', () => {
    const byFamily = new Map<string, Set<string>>();
    for (const record of RECORDS) {
      const { title, summary, uses, types } = aiTextOf(record);
      // The one per-document tag is the publication type, as the status differs by office.
      const field = types.filter((type) => !PUBLICATION_TYPE_TAGS.has(type));
      const text = JSON.stringify([title, summary, uses, field]);
      byFamily.set(familyKey(record), (byFamily.get(familyKey(record)) ?? new Set()).add(text));
    }
    const families = [...byFamily.values()];
    expect(families.length).toBeLessThan(RECORDS.length * 0.8);
    for (const texts of families) expect(texts.size).toBe(1);
  });

  it('writes summaries of unrelated patents in varied sentences, no pattern in more than one in ten', () => {
    const unrelated = [...new Map(RECORDS.map((record) => [familyKey(record), record])).values()].slice(
      0,
      1_000,
    );
    expect(unrelated).toHaveLength(1_000);
    const summaries = unrelated.map((record) => aiTextOf(record).summary);
    expect(new Set(summaries).size).toBeGreaterThanOrEqual(990);
    const summariesUsing = new Map<string, number>();
    for (const summary of summaries)
      for (const template of new Set(summary.split(/(?<=\.)\s+/).map(templateOf)))
        summariesUsing.set(template, (summariesUsing.get(template) ?? 0) + 1);
    const [commonest, count] = [...summariesUsing].sort((left, right) => right[1] - left[1])[0]!;
    expect(count / summaries.length, commonest).toBeLessThanOrEqual(0.1);
    expect(summariesUsing.size).toBeGreaterThan(300);
  });
});
