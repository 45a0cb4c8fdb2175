import { LENS_QUERY_LIMITS, QueryBudgetError } from './budget.js';
import { QuerySyntaxError } from './errors.js';

export type Token =
  | { type: 'lparen' | 'rparen' | 'and' | 'or' | 'not' | 'plus' | 'minus'; pos: number }
  | { type: 'field'; name: string; pos: number }
  | { type: 'word'; value: string; wildcard: boolean; pos: number }
  | { type: 'phrase'; text: string; slop: number | null; pos: number }
  | {
      type: 'range';
      from: string | null;
      to: string | null;
      includeFrom: boolean;
      includeTo: boolean;
      pos: number;
    };

const SPECIAL = new Set(['(', ')', '"', '[', ']', '{', '}', ':', '^', '~']);

/** Splits a Lens-syntax query into tokens; backslash escapes any character. */
export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  const atTermStart = () => index === 0 || /[\s(]/.test(query[index - 1]!);

  while (index < query.length) {
    const char = query[index]!;
    const pos = index;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ type: char === '(' ? 'lparen' : 'rparen', pos });
      index += 1;
    } else if (query.startsWith('&&', index) || query.startsWith('||', index)) {
      tokens.push({ type: char === '&' ? 'and' : 'or', pos });
      index += 2;
    } else if (
      (char === '!' || char === '+' || char === '-') &&
      atTermStart() &&
      /[^\s)]/.test(query[index + 1] ?? ' ')
    ) {
      tokens.push({ type: char === '!' ? 'not' : char === '+' ? 'plus' : 'minus', pos });
      index += 1;
    } else if (char === '!' && atTermStart()) {
      tokens.push({ type: 'not', pos });
      index += 1;
    } else if (char === '"') {
      index = readPhrase(query, index, tokens);
    } else if (char === '[' || char === '{') {
      index = readRange(query, index, tokens);
    } else if (char === ']' || char === '}' || char === ':' || char === '^' || char === '~') {
      throw new QuerySyntaxError(unexpectedCharacter(char), pos);
    } else {
      index = readWord(query, index, tokens);
    }
  }
  return tokens;
}

function unexpectedCharacter(char: string): string {
  if (char === '^') return 'boosts (^) are not supported.';
  if (char === '~') return 'a "~" must follow a quoted phrase, as in "solar cell"~3.';
  return `unexpected "${char}" (escape it with a backslash to search for it).`;
}

function readWord(query: string, start: number, tokens: Token[]): number {
  let index = start;
  let value = '';
  let wildcard = false;
  while (index < query.length) {
    const char = query[index]!;
    if (char === '\\') {
      if (index + 1 >= query.length)
        throw new QuerySyntaxError('a backslash must be followed by the character it escapes.', index);
      value += query[index + 1];
      index += 2;
      continue;
    }
    if (/\s/.test(char) || SPECIAL.has(char)) break;
    if (char === '*' || char === '?') wildcard = true;
    value += char;
    index += 1;
  }
  const next = query[index];
  if (next === ':') {
    tokens.push({ type: 'field', name: value.toLowerCase(), pos: start });
    return index + 1;
  }
  if (next === '~')
    throw new QuerySyntaxError(
      'fuzzy terms (word~) are not supported; for proximity quote the words: "solar cell"~3.',
      index,
    );
  if (next === '^') throw new QuerySyntaxError('boosts (^) are not supported.', index);
  if (!wildcard && (value === 'AND' || value === 'OR' || value === 'NOT')) {
    tokens.push({ type: value === 'AND' ? 'and' : value === 'OR' ? 'or' : 'not', pos: start });
  } else {
    tokens.push({ type: 'word', value, wildcard, pos: start });
  }
  return index;
}

function readPhrase(query: string, start: number, tokens: Token[]): number {
  let index = start + 1;
  let text = '';
  while (index < query.length && query[index] !== '"') {
    if (query[index] === '\\' && index + 1 < query.length) {
      text += query[index + 1];
      index += 2;
    } else {
      text += query[index];
      index += 1;
    }
  }
  if (index >= query.length)
    throw new QuerySyntaxError('this quoted phrase is never closed: add the closing ".', start);
  index += 1;
  let slop: number | null = null;
  if (query[index] === '~') {
    const digits = /^\d+/.exec(query.slice(index + 1))?.[0];
    if (!digits)
      throw new QuerySyntaxError('"~" after a phrase needs a number of words, as in "solar cell"~3.', index);
    slop = Number(digits);
    if (slop < 1) throw new QuerySyntaxError(`the proximity after "~" must be 1 word or more.`, index);
    if (slop > LENS_QUERY_LIMITS.proximity)
      throw new QueryBudgetError(
        'proximity',
        `the proximity after "~" must be between 1 and ${LENS_QUERY_LIMITS.proximity} words.`,
        index,
      );
    index += 1 + digits.length;
  }
  if (text.trim() === '') throw new QuerySyntaxError('this quoted phrase is empty.', start);
  tokens.push({ type: 'phrase', text, slop, pos: start });
  return index;
}

function readRange(query: string, start: number, tokens: Token[]): number {
  const closeAt = query.slice(start + 1).search(/[\]}]/);
  if (closeAt < 0) throw new QuerySyntaxError('this range is never closed: end it with ] or }.', start);
  const end = start + 1 + closeAt;
  const parts = query
    .slice(start + 1, end)
    .trim()
    .split(/\s+TO\s+/);
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new QuerySyntaxError('a range is written [from TO to], with * for an open end.', start);
  }
  const bound = (text: string) => (text === '*' ? null : text.replace(/\\(.)/g, '$1'));
  tokens.push({
    type: 'range',
    from: bound(parts[0]),
    to: bound(parts[1]),
    includeFrom: query[start] === '[',
    includeTo: query[end] === ']',
    pos: start,
  });
  return end + 1;
}
