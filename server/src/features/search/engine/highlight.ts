import { TEXT_FIELD_WEIGHTS } from '@patentscout/schema';
import type { QueryNode } from '../query/ast.js';
import { anyOf } from './tiers.js';

/**
 * The words of an advanced query that a passage can show: the text of its term and phrase
 * leaves on text fields (title, abstract, claims, full text, the default field), outside any NOT.
 * Wildcard terms are left to `wildcardLexemes`. Names, numbers, classes and dates are not passage
 * words.
 */
export function queryTextWords(query: QueryNode): string[] {
  switch (query.kind) {
    case 'and':
    case 'or':
      return query.children.flatMap(queryTextWords);
    case 'not':
      return [];
    case 'range':
      return [];
    case 'term':
      if (!Object.hasOwn(TEXT_FIELD_WEIGHTS, query.field)) return [];
      return query.wildcard ? [] : [query.value];
    case 'phrase':
      return Object.hasOwn(TEXT_FIELD_WEIGHTS, query.field) ? [query.text] : [];
  }
}

/** The lexemes as one tsquery text matching any of them, or null when there are none. */
export function anyLexemeQuery(lexemes: readonly string[]): string | null {
  const distinct = [...new Set(lexemes)].filter((lexeme) => lexeme !== '');
  return distinct.length > 0 ? anyOf(distinct) : null;
}
