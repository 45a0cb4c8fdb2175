import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkedText, MatchedPassageText, splitMarked } from './markedText';
import { cardPassage, missingBatches } from './useMatchHighlights';

describe('splitMarked', () => {
  it('splits a passage into plain and marked parts at the markers', () => {
    expect(splitMarked('a \u0001solar\u0002 \u0001panel\u0002 on a roof')).toEqual([
      { text: 'a ', marked: false },
      { text: 'solar', marked: true },
      { text: ' ', marked: false },
      { text: 'panel', marked: true },
      { text: ' on a roof', marked: false },
    ]);
  });

  it('copes with a passage without markers, with a lone start marker and with stray end markers', () => {
    expect(splitMarked('no words')).toEqual([{ text: 'no words', marked: false }]);
    expect(splitMarked('')).toEqual([]);
    expect(splitMarked('cut \u0001sol')).toEqual([
      { text: 'cut ', marked: false },
      { text: 'sol', marked: true },
    ]);
    expect(splitMarked('a\u0002b')).toEqual([{ text: 'ab', marked: false }]);
  });
});

describe('MarkedText', () => {
  it('renders marked words as <mark> and any HTML in the passage as text', () => {
    const { container } = render(
      <p>
        <MarkedText passage={'<b>bold</b> \u0001solar\u0002 <img src=x onerror=alert(1)>'} />
      </p>,
    );
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['solar']);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<b>bold</b> solar <img src=x onerror=alert(1)>');
  });
});

describe('MatchedPassageText', () => {
  it('puts a fragment of the abstract or claims between ellipses, and a title as it is', () => {
    const { container, rerender } = render(
      <MatchedPassageText passage={{ field: 'abstract', text: 'a \u0001solar\u0002 panel' }} />,
    );
    expect(container.textContent).toBe('… a solar panel …');
    rerender(<MatchedPassageText passage={{ field: 'title', text: '\u0001SOLAR\u0002 PANEL' }} />);
    expect(container.textContent).toBe('SOLAR PANEL');
  });
});

describe('the highlights of a page of cards', () => {
  it('asks only for the cards not yet asked for, at most 20 a request', () => {
    const ids = Array.from({ length: 45 }, (_, n) => `id-${n}`);
    expect(missingBatches(ids.slice(0, 20), new Set()).map((batch) => batch.length)).toEqual([20]);
    expect(missingBatches(ids.slice(0, 30), new Set(ids.slice(0, 20)))).toEqual([ids.slice(20, 30)]);
    expect(missingBatches(ids, new Set()).map((batch) => batch.length)).toEqual([20, 20, 5]);
    expect(missingBatches(['a', 'a'], new Set())).toEqual([['a']]);
  });

  it("shows a card's abstract passage first, then its claims', then its title's", () => {
    const title = { field: 'title', text: 't' };
    const claims = { field: 'claims', text: 'c' };
    const abstract = { field: 'abstract', text: 'a' };
    expect(cardPassage([title, claims, abstract])).toBe(abstract);
    expect(cardPassage([title, claims])).toBe(claims);
    expect(cardPassage([title])).toBe(title);
    expect(cardPassage(undefined)).toBeUndefined();
  });
});
