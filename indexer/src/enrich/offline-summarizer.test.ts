import { listItems, listText } from '@patentscout/db';
import { describe, expect, it } from 'vitest';
import { lensRecordToRow } from '../normalize/lens-to-row.js';
import { generatePatents } from '../sources/generator.js';
import { enrichRows } from './enrich-rows.js';
import { OfflineSummarizer } from './offline-summarizer.js';
import { plainTitle } from './plain-title.js';
import type { SummarizerInput } from './summarizer.js';

const summarizer = new OfflineSummarizer();
const ROWS = [...generatePatents({ count: 3_000, seed: 7 })].map(lensRecordToRow);
const inputOf = (row: (typeof ROWS)[number]): SummarizerInput => ({
  title: row.title,
  abstract: row.abstract ?? '',
  claims: row.claims ?? '',
  ipcSymbols: listItems(row.ipc_symbols),
  publicationType: row.publication_type ?? null,
});

const BASEBALL: SummarizerInput = {
  title:
    'METHOD AND APPARATUS FOR TEACHING BASEBALL BATTING TECHNIQUES TO YOUNG PLAYERS ON FIELDS OF EVERY SIZE AND SURFACE',
  abstract:
    "A device for teaching batting in which a base (10) provides a well (12) for one of the batter's feet and an arm (14) provides a yieldable barrier. " +
    'The arm (14) is pivoted (see FIG. 2) so that it does not trip the batter. Stanchions (40 and 50) are mounted on members (20and 30). ' +
    'The device is suitable for use in little league training and batting cages.',
  claims: '',
  ipcSymbols: ['A63B69/00'],
  publicationType: 'GRANTED_PATENT',
};

describe('plainTitle', () => {
  it('removes stacked legal nouns and trailing boilerplate, in sentence case', () => {
    expect(plainTitle('METHOD AND APPARATUS FOR CONTROLLING A UAV')).toBe('Controlling a UAV');
    expect(plainTitle('System, method and computer program product for ranking search results')).toBe(
      'Ranking search results',
    );
    expect(plainTitle('Method of and system for detecting HTT')).toBe('Detecting HTT');
    expect(plainTitle('Lithium ion battery electrode and preparation method thereof')).toBe(
      'Lithium ion battery electrode',
    );
    expect(plainTitle('GOLF CLUB HEAD AND METHOD OF MANUFACTURING THE SAME')).toBe('Golf club head');
  });

  it('keeps a title that has nothing but a subject after its one legal noun', () => {
    expect(plainTitle('Method for producing a concrete')).toBe('Method for producing a concrete');
    expect(plainTitle('METHOD AND APPARATUS')).toBe('Method and apparatus');
    expect(plainTitle('Information processing apparatus and method')).toBe(
      'Information processing apparatus and method',
    );
  });

  it('cuts long titles at a word boundary within 80 characters without a dangling word', () => {
    const title = plainTitle(BASEBALL.title);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toBe('Teaching baseball batting techniques to young players on fields of every size');
  });
});

describe('OfflineSummarizer', () => {
  it('writes a plain title of at most 80 characters, free of legal boilerplate', () => {
    for (const row of ROWS) {
      const { title } = summarizer.summarize(inputOf(row));
      expect(title.length).toBeGreaterThan(0);
      expect(title.length).toBeLessThanOrEqual(80);
      expect(title).not.toMatch(/method and apparatus for|system and method for/i);
      expect(title.charAt(0)).toBe(title.charAt(0).toUpperCase());
    }
  });

  it('summarizes the abstract in two or three sentences without reference numerals', () => {
    const { summary } = summarizer.summarize(BASEBALL);
    expect(summary).toBe(
      "A device for teaching batting in which a base provides a well for one of the batter's feet and an arm provides a yieldable barrier. " +
        'The arm is pivoted so that it does not trip the batter. Stanchions are mounted on members.',
    );
    for (const row of ROWS) {
      const sentences = summarizer.summarize(inputOf(row)).summary.split(/(?<=\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
      expect(sentences.join(' ')).not.toMatch(/\(\d+[a-z]?\)/);
    }
  });

  it('falls back to the title and classification when there is no abstract, inventing nothing', () => {
    const { summary } = summarizer.summarize({ ...BASEBALL, abstract: '' });
    expect(summary).toBe(
      'Teaching baseball batting techniques to young players on fields of every size. ' +
        'This invention is classified under sports, games and amusements (human necessities).',
    );
  });

  it('says what its classification is about in words when a record with little text learned them', () => {
    const { summary } = summarizer.summarize({
      ...BASEBALL,
      abstract: '',
      classWords: ['bat', 'pitching', 'glove', 'ball', 'umpire'],
    });
    expect(summary).toBe(
      'Teaching baseball batting techniques to young players on fields of every size. ' +
        'This invention is classified under sports, games and amusements (human necessities), ' +
        'whose patents are about bat, pitching, glove and ball.',
    );
  });

  it('takes types from the classification and publication type', () => {
    expect(summarizer.summarize(BASEBALL).types).toEqual([
      'Sports, games and amusements',
      'Human necessities',
      'Granted patent',
    ]);
  });

  it('gives two to four sample uses, from the text first, then from the classification', () => {
    expect(summarizer.summarize(BASEBALL).uses).toEqual([
      'Little league training',
      'Batting cages',
      'Sports training',
      'Games and leisure products',
    ]);
    expect(summarizer.summarize({ ...BASEBALL, abstract: '', ipcSymbols: [] }).uses).toHaveLength(2);
    for (const row of ROWS) {
      const { uses } = summarizer.summarize(inputOf(row));
      expect(uses.length).toBeGreaterThanOrEqual(2);
      expect(uses.length).toBeLessThanOrEqual(4);
    }
  });

  it('is deterministic and summarizes well over a thousand records a second', () => {
    const started = performance.now();
    const first = ROWS.map((row) => summarizer.summarize(inputOf(row)));
    const perSecond = (ROWS.length * 1000) / (performance.now() - started);
    expect(ROWS.map((row) => summarizer.summarize(inputOf(row)))).toEqual(first);
    expect(perSecond).toBeGreaterThan(1_000);
  });
});

describe('enrichRows', () => {
  it('fills the AI columns of each row and leaves the rest alone', async () => {
    const generatedAt = new Date('2026-11-22T00:00:00Z');
    const {
      rows: [row],
      enriched,
      failures,
    } = await enrichRows(ROWS.slice(0, 1), summarizer, generatedAt);
    expect({ enriched, failures }).toEqual({ enriched: 1, failures: [] });
    const expected = summarizer.summarize(inputOf(ROWS[0]!));
    expect(row).toEqual({
      ...ROWS[0],
      ai_title: expected.title,
      ai_summary: expected.summary,
      ai_types: listText(expected.types),
      ai_uses: listText(expected.uses),
      ai_generated_at: generatedAt,
    });
  });

  it('writes a row the summarizer fails on without AI text and says which', async () => {
    const failing = { summarize: () => Promise.reject(new Error('model unavailable')) };
    const { rows, enriched, failures } = await enrichRows(ROWS.slice(0, 2), failing);
    expect(rows).toEqual(ROWS.slice(0, 2));
    expect(enriched).toBe(0);
    expect(failures.map((failure) => failure.lensId)).toEqual(ROWS.slice(0, 2).map((row) => row.lens_id));
  });
});
