import { LEGAL_STATUSES, toStoredPatentStatus } from '../legal-statuses.js';
import { countryName } from '../reference/countries.js';
import { describeKind } from '../reference/kind-codes.js';
import type { LeafNode, QueryNode } from './ast.js';
import { FIELD_KINDS, type FieldName } from './fields.js';

/**
 * A parsed Lens query read back in plain English, for the Advanced search box:
 * `title:(solar AND panel) AND date_published:[2015 TO 2020] AND jurisdiction:AU` reads
 * "Patents whose title has solar and panel, published 2015 to 2020, from Australia".
 * Operands of one field are said once ("whose title has solar or panel"); AND at the top is a
 * list of clauses; deeper groups that mix fields are put in brackets so the grouping stays clear.
 */
export function describeLensQuery(root: QueryNode): string {
  return `Patents ${clause(root, 'top')}`;
}

type Context = 'top' | 'and' | 'or' | 'not';

/** What a field's clause starts with; its values follow. */
const FIELD_PREFIX: Record<FieldName, string> = {
  default: 'mentioning',
  full_text: 'mentioning',
  title: 'whose title has',
  abstract: 'whose abstract has',
  claim: 'whose claims have',
  claims: 'whose claims have',
  'inventor.name': "whose inventors' names have",
  'applicant.name': "whose applicants' names have",
  'owner_all.name': "whose owners' names have",
  'inventor.name.exact': 'whose inventor is',
  'applicant.name.exact': 'whose applicant is',
  'owner_all.name.exact': 'whose owner is',
  'class_ipcr.symbol': 'classified in IPC',
  'class_cpc.symbol': 'classified in CPC',
  jurisdiction: 'from',
  kind: 'of kind',
  publication_type: 'published as',
  'legal_status.patent_status': 'whose legal status is',
  lens_id: 'with Lens id',
  doc_number: 'with document number',
  ids: 'identified as',
  date_published: 'published',
  earliest_priority_claim_date: 'with earliest priority',
  year_published: 'published',
};

/** The single field of a subtree when all its leaves share one, else null. */
function soleField(node: QueryNode): FieldName | null {
  if (node.kind === 'not') return soleField(node.child);
  if (node.kind === 'and' || node.kind === 'or') {
    const fields = node.children.map(soleField);
    return fields.every((field) => field !== null && field === fields[0]) ? fields[0]! : null;
  }
  return node.field;
}

function clause(node: QueryNode, context: Context): string {
  const field = soleField(node);
  // A group over one field is said once: "whose title has solar and (panel or cell)".
  if (field !== null && node.kind !== 'not') return `${FIELD_PREFIX[field]} ${values(node, field, 'top')}`;
  switch (node.kind) {
    case 'not':
      return `not ${clause(node.child, 'not')}`;
    case 'and': {
      const parts = mergeSameField(node.children).map((child) => clause(child, 'and'));
      const text = parts.join(context === 'top' ? ', ' : ' and ');
      return context === 'top' || context === 'and' ? text : `(${text})`;
    }
    case 'or': {
      const text = node.children.map((child) => clause(child, 'or')).join(' or ');
      return context === 'top' || context === 'or' ? text : `(${text})`;
    }
    default:
      return `${FIELD_PREFIX[node.field]} ${values(node, node.field, 'top')}`;
  }
}

/** Neighbouring children over one field, merged into one AND so that the field is said once. */
function mergeSameField(children: QueryNode[]): QueryNode[] {
  const merged: QueryNode[] = [];
  for (const child of children) {
    const previous = merged[merged.length - 1];
    const field = soleField(child);
    if (
      previous &&
      field !== null &&
      child.kind !== 'not' &&
      soleField(previous) === field &&
      previous.kind !== 'not'
    ) {
      merged[merged.length - 1] = {
        kind: 'and',
        children: [...(previous.kind === 'and' ? previous.children : [previous]), child],
      };
    } else {
      merged.push(child);
    }
  }
  return merged;
}

/** The values of a one-field subtree: "solar and (panel or cell)". */
function values(node: QueryNode, field: FieldName, context: Context): string {
  switch (node.kind) {
    case 'not':
      return `not ${values(node.child, field, 'not')}`;
    case 'and':
    case 'or': {
      const text = node.children
        .map((child) => values(child, field, node.kind))
        .join(node.kind === 'and' ? ' and ' : ' or ');
      return context === 'top' || context === node.kind ? text : `(${text})`;
    }
    default:
      return leafValue(node);
  }
}

function leafValue(leaf: LeafNode): string {
  const kind = FIELD_KINDS[leaf.field];
  if (leaf.kind === 'range') return range(leaf);
  if (leaf.kind === 'phrase') {
    if (leaf.slop === null) return `"${leaf.text}"`;
    const words = leaf.text.trim().split(/\s+/);
    return words.length < 2
      ? `"${leaf.text}"`
      : `${words.map((word) => `"${word}"`).join(' and ')} within ${leaf.slop} ${leaf.slop === 1 ? 'word' : 'words'} of each other`;
  }
  const value = leaf.value;
  if (leaf.wildcard) {
    if (kind === 'text' || kind === 'name') {
      return /^[^*?]+\*$/.test(value)
        ? `words starting with ${value.slice(0, -1)}`
        : `words like ${value} (? is one character, * any)`;
    }
    return `${value} (? is one character, * any)`;
  }
  switch (leaf.field) {
    case 'jurisdiction':
      return countryName(value) ?? value.toUpperCase();
    case 'kind': {
      const description = describeKind(value);
      return description ? `${value.toUpperCase()} (${description.toLowerCase()})` : value.toUpperCase();
    }
    case 'publication_type':
      return value.toLowerCase().replace(/_/g, ' ');
    case 'legal_status.patent_status': {
      const stored = toStoredPatentStatus(value);
      return LEGAL_STATUSES.find((status) => status.stored === stored)?.label ?? value;
    }
    case 'inventor.name.exact':
    case 'applicant.name.exact':
    case 'owner_all.name.exact':
      return `"${value}"`;
    default:
      if (kind === 'date' || kind === 'year') return /^\d{4}$/.test(value) ? `in ${value}` : `on ${value}`;
      return value;
  }
}

function range(leaf: Extract<LeafNode, { kind: 'range' }>): string {
  const { from, to, includeFrom, includeTo } = leaf;
  if (from === null && to === null) return 'at any time';
  if (from !== null && to !== null && includeFrom && includeTo) return `${from} to ${to}`;
  const lower = from === null ? null : includeFrom ? `from ${from}` : `after ${from}`;
  const upper = to === null ? null : includeTo ? `up to ${to}` : `before ${to}`;
  if (lower && upper) return `${lower} and ${upper}`;
  return lower ?? upper!;
}
