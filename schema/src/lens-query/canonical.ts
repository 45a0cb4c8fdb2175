import type { QueryNode } from './ast.js';

type CanonicalNode =
  | { and: CanonicalNode[] }
  | { or: CanonicalNode[] }
  | { not: CanonicalNode }
  | { field: string; term: string; wildcard: boolean }
  | { field: string; phrase: string; slop: number | null }
  | { field: string; from: string | null; to: string | null; includeFrom: boolean; includeTo: boolean };

/**
 * A tree that searches exactly as the query does, without what does not change its meaning: the
 * positions, the spelling of its operators (`AND`, `&&`, side by side; `NOT`, `!`, `-`; `+`),
 * parentheses around one group, and the grouping of a run of ANDs or ORs, which associate. Field
 * names are already lower-cased by the lexer; terms keep their case (keyword fields compare
 * values as written), and a phrase's words are separated by one space, as the search splits them.
 */
function canonicalNode(node: QueryNode): CanonicalNode {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const children = node.children.flatMap((child) => {
        const canonical = canonicalNode(child);
        return node.kind in canonical
          ? (canonical as Record<string, CanonicalNode[]>)[node.kind]!
          : [canonical];
      });
      return node.kind === 'and' ? { and: children } : { or: children };
    }
    case 'not':
      return { not: canonicalNode(node.child) };
    case 'term':
      return { field: node.field, term: node.value, wildcard: node.wildcard };
    case 'phrase':
      return { field: node.field, phrase: node.text.trim().replace(/\s+/g, ' '), slop: node.slop };
    case 'range':
      return {
        field: node.field,
        from: node.from,
        to: node.to,
        includeFrom: node.includeFrom,
        includeTo: node.includeTo,
      };
  }
}

/**
 * The query's canonical form, as text: two queries that search alike in every case the syntax
 * allows (spacing, operator spellings, field-name case, redundant grouping) have the same form,
 * and two that may search differently never do (`or` is a word, `OR` an operator). The search
 * key of "the same search again" is made from it.
 */
export function canonicalLensQuery(root: QueryNode): string {
  return JSON.stringify(canonicalNode(root));
}
