import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkedText, splitMarked } from './markedText';

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
