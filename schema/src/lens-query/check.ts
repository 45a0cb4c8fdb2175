import { LEGAL_STATUSES, toStoredPatentStatus } from '../legal-statuses.js';
import type { LeafNode, QueryNode } from './ast.js';
import { parseDateBound, parseYear } from './dates.js';
import { checkQueryBudget } from './budget.js';
import { QuerySyntaxError } from './errors.js';
import { FIELD_KINDS, type FieldName } from './fields.js';
import { parseIdentifier } from './identifiers.js';
import { parseLensQuery } from './parser.js';

/** The longest query the search accepts, in characters (after trimming). */
export const LENS_QUERY_MAX_LENGTH = 2000;

/** A bare prefix wildcard (`valve*`), which the text index answers directly. */
const PREFIX_TERM = /^[\p{L}\p{N}]{2,}\*$/u;

/**
 * The refusals of a parsed query that need no data: what the search would refuse once it reads
 * the tree (a range on a text field, a wildcard without two leading letters, an unknown legal
 * status, a date that is not one, an identifier that is not one), and what asks more than the
 * query budget allows (`LENS_QUERY_LIMITS`). The server's compiler refuses the same with the same
 * words; running this first lets the browser and the server refuse a query before anything is
 * searched or counted.
 */
export function checkLensQuery(root: QueryNode): void {
  checkQueryBudget(root);
  checkTree(root);
}

function checkTree(root: QueryNode): void {
  switch (root.kind) {
    case 'and':
    case 'or':
      root.children.forEach(checkTree);
      return;
    case 'not':
      checkTree(root.child);
      return;
    default:
      checkLeaf(root);
  }
}

/**
 * Reads a query as the advanced search does: trimmed, not empty, at most
 * `LENS_QUERY_MAX_LENGTH` characters, parsed and checked. Throws `QuerySyntaxError`.
 */
export function readLensQuery(text: string): QueryNode {
  const query = text.trim();
  if (query.length > LENS_QUERY_MAX_LENGTH)
    throw new QuerySyntaxError(
      `the query is too long (${LENS_QUERY_MAX_LENGTH.toLocaleString('en')} characters at most).`,
      LENS_QUERY_MAX_LENGTH,
    );
  const root = parseLensQuery(query);
  checkLensQuery(root);
  return root;
}

function fieldLabel(field: FieldName): string {
  return field === 'default' ? 'plain terms' : field;
}

function leafText(leaf: Exclude<LeafNode, { kind: 'range' }>): string {
  return leaf.kind === 'term' ? leaf.value : leaf.text;
}

function checkLeaf(leaf: LeafNode): void {
  const kind = FIELD_KINDS[leaf.field];
  if (leaf.kind === 'range') {
    if (kind === 'date') {
      if (leaf.from !== null) parseDateBound(leaf.from, 'from', leaf.position);
      if (leaf.to !== null) parseDateBound(leaf.to, 'to', leaf.position);
    } else if (kind === 'year') {
      if (leaf.from !== null) parseYear(leaf.from, leaf.position);
      if (leaf.to !== null) parseYear(leaf.to, leaf.position);
    } else {
      throw new QuerySyntaxError(
        `ranges work on date_published, earliest_priority_claim_date and year_published, not on ${fieldLabel(leaf.field)}.`,
        leaf.position,
      );
    }
    return;
  }
  const text = leafText(leaf);
  const wildcard = leaf.kind === 'term' && leaf.wildcard;
  switch (kind) {
    case 'text':
    case 'name':
      if (wildcard && !PREFIX_TERM.test(text)) checkWildcardWord(text, leaf.position);
      return;
    case 'keyword':
      if (leaf.field === 'legal_status.patent_status' && !toStoredPatentStatus(text.trim())) {
        throw new QuerySyntaxError(
          `unknown legal status "${text.trim()}". Use one of: ${LEGAL_STATUSES.map((entry) => entry.stored).join(', ')}.`,
          leaf.position,
        );
      }
      return;
    case 'ids':
      if (!parseIdentifier(text))
        throw new QuerySyntaxError(`"${text}" is not a Lens id or publication number.`, leaf.position);
      return;
    case 'date':
      if (wildcard)
        throw new QuerySyntaxError(
          'dates take no wildcards; use a range such as [2015-01-01 TO *].',
          leaf.position,
        );
      parseDateBound(text, 'from', leaf.position);
      return;
    case 'year':
      parseYear(text, leaf.position);
      return;
    default:
      return;
  }
}

function checkWildcardWord(text: string, position: number): void {
  const value = text.toLowerCase();
  const prefix = /^[\p{L}\p{N}]*/u.exec(value)![0];
  if (prefix.length < 2)
    throw new QuerySyntaxError(
      'a wildcard word needs at least two letters before the first * or ?.',
      position,
    );
  if (!/^[\p{L}\p{N}*?]+$/u.test(value))
    throw new QuerySyntaxError('wildcard words may contain only letters, digits, * and ?.', position);
}
