import { describe, expect, it } from 'vitest';
import { canonicalLensQuery } from './canonical.js';
import { parseLensQuery } from './parser.js';

const canonical = (query: string) => canonicalLensQuery(parseLensQuery(query));

describe('the canonical form of a query', () => {
  it.each([
    ['title:solar OR abstract:robot', '  title:solar   OR\tabstract:robot '],
    ['title:solar OR abstract:robot', 'TITLE:solar OR Abstract:robot'],
    ['solar AND panel', 'solar && panel'],
    ['solar AND panel', 'solar panel'],
    ['solar AND panel', '+solar +panel'],
    ['solar NOT panel', 'solar -panel'],
    ['solar NOT panel', 'solar !panel'],
    ['a AND b AND c', '(a AND b) AND c'],
    ['a OR b OR c', 'a OR (b OR c)'],
    ['a OR b OR c', '((a OR b)) || c'],
    ['"solar cell"~3', '"solar   cell"~3'],
    ['title:(solar OR wind)', 'TITLE:(solar || wind)'],
  ])('is the same for %s and %s', (a, b) => {
    expect(canonical(b)).toBe(canonical(a));
  });

  it.each([
    ['title:solar OR abstract:robot', 'title:solar or abstract:robot'],
    ['solar NOT panel', 'solar not panel'],
    ['solar AND panel', 'solar and panel'],
    ['a AND (b OR c)', '(a AND b) OR c'],
    ['jurisdiction:us', 'jurisdiction:US'],
    ['"solar cell"~3', '"solar cell"~4'],
    ['"solar cell"', 'solar cell'],
    ['NOT (a AND b)', 'NOT a AND b'],
    ['year_published:[2010 TO 2020]', 'year_published:{2010 TO 2020]'],
    ['sol*r', 'sol\\*r'],
  ])('tells %s from %s', (a, b) => {
    expect(canonical(b)).not.toBe(canonical(a));
  });
});
