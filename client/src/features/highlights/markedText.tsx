/** The server's markers around a matched word in a highlighted passage (see `matchHighlights`). */
const MATCH_START = '\u0001';
const MATCH_END = '\u0002';

export interface TextPart {
  text: string;
  marked: boolean;
}

/**
 * A marked passage as plain and marked parts, in order. A marker without its pair marks up to the
 * end (or nothing); stray end markers are dropped; empty parts are left out.
 */
export function splitMarked(passage: string): TextPart[] {
  const parts: TextPart[] = [];
  let marked = false;
  let current = '';
  const flush = () => {
    if (current !== '') {
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += current;
      else parts.push({ text: current, marked });
    }
    current = '';
  };
  for (const character of passage) {
    if (character === MATCH_START || character === MATCH_END) {
      flush();
      marked = character === MATCH_START;
    } else current += character;
  }
  flush();
  return parts;
}

/** A marked passage with its matched words as <mark> elements (text only: never HTML). */
export function MarkedText({ passage }: { passage: string }) {
  return (
    <>
      {splitMarked(passage).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

/**
 * A matched passage as shown: a title whole, a fragment of an abstract or claims between
 * ellipses (it is cut from a longer text).
 */
export function MatchedPassageText({ passage }: { passage: { field: string; text: string } }) {
  const fragment = passage.field !== 'title';
  return (
    <>
      {fragment ? '… ' : null}
      <MarkedText passage={passage.text} />
      {fragment ? ' …' : null}
    </>
  );
}
