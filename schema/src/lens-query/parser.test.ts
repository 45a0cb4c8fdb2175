import { describe, expect, it } from 'vitest';
import { parseLensQuery } from './parser.js';

/** The tree without positions, to compare spellings of the same query. */
const shape = (query: string) =>
  JSON.parse(JSON.stringify(parseLensQuery(query), (key, value) => (key === 'position' ? undefined : value)));
const term = (value: string, field = 'default') => expect.objectContaining({ kind: 'term', field, value });

describe('parseLensQuery', () => {
  it('binds AND tighter than OR and ANDs neighbouring terms', () => {
    expect(parseLensQuery('a b OR c')).toEqual({
      kind: 'or',
      children: [{ kind: 'and', children: [term('a'), term('b')] }, term('c')],
    });
    expect(shape('a && b || c')).toEqual(shape('a AND b OR c'));
  });

  it('reads NOT, !, - and + as negation and requirement', () => {
    expect(parseLensQuery('a NOT b')).toEqual({
      kind: 'and',
      children: [term('a'), { kind: 'not', child: term('b') }],
    });
    expect(shape('a !b')).toEqual(shape('a NOT b'));
    expect(shape('+a -b')).toEqual(shape('a NOT b'));
  });

  it('keeps hyphens inside words, such as Lens ids and dates', () => {
    expect(parseLensQuery('lens_id:020-117-735-505-62X')).toEqual(term('020-117-735-505-62X', 'lens_id'));
  });

  it('applies a field to a parenthesised group', () => {
    expect(parseLensQuery('abstract:(lithium OR "solid state")')).toEqual({
      kind: 'or',
      children: [
        term('lithium', 'abstract'),
        expect.objectContaining({ kind: 'phrase', field: 'abstract', text: 'solid state', slop: null }),
      ],
    });
  });

  it('reads phrases with proximity, wildcards, escapes and ranges', () => {
    expect(parseLensQuery('"solar cell"~3')).toMatchObject({ kind: 'phrase', text: 'solar cell', slop: 3 });
    expect(parseLensQuery('valve*')).toMatchObject({ kind: 'term', value: 'valve*', wildcard: true });
    expect(parseLensQuery('class_cpc.symbol:A61K31\\/00')).toMatchObject({
      value: 'A61K31/00',
      wildcard: false,
    });
    expect(parseLensQuery('date_published:{2015-01-01 TO *]')).toMatchObject({
      kind: 'range',
      from: '2015-01-01',
      to: null,
      includeFrom: false,
      includeTo: true,
    });
  });

  it.each([
    ['(solar OR wind', 'character 15: expected ")" to close the "(" at character 1.'],
    ['solar OR', 'character 9: OR must be followed by a term.'],
    ['solar)', 'character 6: unexpected ")" without a matching "(".'],
    ['"solar cell', 'character 1: this quoted phrase is never closed'],
    ['date_published:[2015 2016]', 'a range is written [from TO to]'],
    ['solar~2', 'fuzzy terms (word~) are not supported'],
    ['solar^2', 'boosts (^) are not supported.'],
    ['title:(abstract:x)', 'cannot be used inside the group of "title"'],
    ['()', 'these parentheses are empty.'],
  ])('explains what is wrong with %j and where', (query, message) => {
    expect(() => parseLensQuery(query)).toThrowError(message);
  });

  it('lists the known fields when a field is unknown', () => {
    expect(() => parseLensQuery('inventor:smith')).toThrowError(
      /unknown field "inventor". Known fields: title, abstract, claim, claims, full_text, inventor.name,/,
    );
  });
});
