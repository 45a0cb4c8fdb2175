import { describe, expect, it } from 'vitest';
import { explainNaturalSearch } from './explain.js';

describe('explainNaturalSearch', () => {
  it('names each kept lexeme by the word it came from, rarest first, and lists the rest as dropped', () => {
    const explanation = explainNaturalSearch('A Device for storing batteries; solar-powered homes', [
      { lexeme: 'store', idf: 2 },
      { lexeme: 'batteri', idf: 5 },
      { lexeme: 'solar-pow', idf: 6 },
      { lexeme: 'home', idf: 1.234 },
    ]);
    expect(explanation.kept.map((term) => [term.word, term.weight])).toEqual([
      ['solar-powered', 6],
      ['batteries', 5],
      ['storing', 2],
      ['homes', 1.23],
    ]);
    expect(explanation.kept[0]!.share).toBeCloseTo(Math.exp(-6));
    expect(explanation.dropped).toEqual(['a', 'device', 'for']);
    expect(explanation.lensQuery).toBe('solar-powered OR batteries OR storing OR homes');
  });

  it('keeps a lexeme it cannot trace to a word as it is', () => {
    expect(explainNaturalSearch('mice', [{ lexeme: 'mous', idf: 3 }]).lensQuery).toBe('mous');
  });
});
