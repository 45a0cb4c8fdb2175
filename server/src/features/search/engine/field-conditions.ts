import {
  LEGAL_STATUSES,
  parseIdentifier,
  toStoredPatentStatus,
  type FieldName,
  type LeafNode,
} from '@patentscout/schema';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { parseDateBound, parseYear } from '../query/dates.js';
import { QuerySyntaxError } from '../query/errors.js';
import { indexedUnlessBroad } from './plan.js';
import type { ValueShares } from './statistics.js';
import { likePattern } from './wildcards.js';

/**
 * The conditions of the fields that are not full text: exact names, classifications, keywords,
 * identifiers, dates and years, each over `patent_search` (alias `s`), user values only as
 * parameters. A value the field cannot have is refused with the shared checks' words.
 */

type Condition = RawBuilder<SqlBool>;

export function fieldLabel(field: FieldName): string {
  return field === 'default' ? 'plain terms' : field;
}

export function leafText(leaf: LeafNode): string {
  if (leaf.kind === 'range') throw new Error('unreachable: ranges are rejected before');
  return leaf.kind === 'term' ? leaf.value : leaf.text;
}

export function exactNameCondition(leaf: LeafNode): Condition {
  // The names as stored, one delimited text (ADR 0125); `list_items` of it is the GIN index's expression.
  const names = sql`list_items(${sql.ref(
    `s.${leaf.field.split('.')[0] === 'owner_all' ? 'owners' : `${leaf.field.split('.')[0]}s`}_exact`,
  )})`;
  const name = leafText(leaf).trim().toLowerCase();
  if (leaf.kind === 'term' && leaf.wildcard) {
    return sql<SqlBool>`EXISTS (SELECT 1 FROM unnest(${names}) AS name WHERE name LIKE ${likePattern(name)})`;
  }
  return sql<SqlBool>`${names} @> ARRAY[${name}]::text[]`;
}

export function classificationCondition(leaf: LeafNode): Condition {
  const scheme = leaf.field === 'class_cpc.symbol' ? 'cpc' : 'ipc';
  const symbols = sql`list_items(${sql.ref(`s.${scheme}_symbols`)})`;
  // The expression of the GIN indexes patent_search_ipc_idx and _cpc_idx (ADRs 0119, 0125). One prefix
  // is asked at a time, so overlap (&&) means containment, and unlike @> its index answer needs no
  // recheck: the prefixes are computed only for rows an index does not find.
  const prefixes = sql`classification_prefixes(${symbols})`;
  const value = leafText(leaf).replace(/\s+/g, '').toUpperCase();
  const wildcardAt = value.search(/[*?]/);
  if (wildcardAt < 0) return sql<SqlBool>`${prefixes} && ARRAY[${value}]::text[]`;
  const literal = value.slice(0, wildcardAt);
  if (value === `${literal}*` && [1, 3, 4].includes(literal.length)) {
    return sql<SqlBool>`${prefixes} && ARRAY[${literal}]::text[]`;
  }
  const level = [4, 3, 1].find((length) => literal.length >= length);
  const match = sql<SqlBool>`EXISTS (SELECT 1 FROM unnest(${symbols}) AS symbol WHERE upper(symbol) LIKE ${likePattern(value)})`;
  return level
    ? sql<SqlBool>`(${prefixes} && ARRAY[${literal.slice(0, level)}]::text[] AND ${match})`
    : match;
}

export function keywordCondition(leaf: LeafNode, shares: ValueShares): Condition {
  const raw = leafText(leaf).trim();
  const wildcard = leaf.kind === 'term' && leaf.wildcard;
  // NOTE: only the nullable publication_type needs `IS NOT NULL` (so that NOT keeps its
  // meaning); on the NOT NULL columns a bare comparison lets the planner use their indexes.
  const compare = (column: string, value: string, nullable = false) => {
    const test = wildcard
      ? sql<SqlBool>`${sql.ref(column)} LIKE ${likePattern(value)}`
      : sql<SqlBool>`${sql.ref(column)} = ${value}`;
    return nullable ? sql<SqlBool>`(${sql.ref(column)} IS NOT NULL AND ${test})` : test;
  };
  switch (leaf.field) {
    case 'jurisdiction':
      return wildcard
        ? compare('s.jurisdiction', raw.toUpperCase())
        : indexedUnlessBroad(
            compare('s.jurisdiction', raw.toUpperCase()),
            shares.share('jurisdiction', [raw.toUpperCase()]),
          );
    case 'kind':
      return compare('s.kind', raw.toUpperCase());
    case 'publication_type':
      return compare('s.publication_type', raw.toUpperCase(), true);
    case 'lens_id':
      return compare('s.lens_id', raw.toUpperCase());
    case 'doc_number':
      return compare(
        's.doc_number_norm',
        raw
          .replace(/[\s,./-]/g, '')
          .replace(/^0+/, '')
          .toUpperCase(),
      );
    default: {
      const status = toStoredPatentStatus(raw);
      if (!status) {
        throw new QuerySyntaxError(
          `unknown legal status "${raw}". Use one of: ${LEGAL_STATUSES.map((entry) => entry.stored).join(', ')}.`,
          leaf.position,
        );
      }
      return indexedUnlessBroad(
        sql<SqlBool>`s.patent_status = ${status}`,
        shares.share('patent_status', [status]),
      );
    }
  }
}

export function idsCondition(leaf: LeafNode): Condition {
  const text = leafText(leaf);
  const identifier = parseIdentifier(text);
  if (!identifier)
    throw new QuerySyntaxError(`"${text}" is not a Lens id or publication number.`, leaf.position);
  if (identifier.kind === 'lens_id') return sql<SqlBool>`s.lens_id = ${identifier.lensId}`;
  const parts = [sql<SqlBool>`s.doc_number_norm = ${identifier.docNumber}`];
  if (identifier.jurisdiction) parts.push(sql<SqlBool>`s.jurisdiction = ${identifier.jurisdiction}`);
  if (identifier.kindCode) parts.push(sql<SqlBool>`s.kind LIKE ${`${identifier.kindCode}%`}`);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

export function dateCondition(leaf: LeafNode): Condition {
  const column = sql.ref(leaf.field === 'date_published' ? 's.date_published' : 's.priority_date');
  if (leaf.kind === 'term' && leaf.wildcard)
    throw new QuerySyntaxError(
      'dates take no wildcards; use a range such as [2015-01-01 TO *].',
      leaf.position,
    );
  const bounds =
    leaf.kind === 'range'
      ? {
          from: leaf.from === null ? null : parseDateBound(leaf.from, 'from', leaf.position),
          to: leaf.to === null ? null : parseDateBound(leaf.to, 'to', leaf.position),
          includeFrom: leaf.includeFrom,
          includeTo: leaf.includeTo,
        }
      : {
          from: parseDateBound(leafText(leaf), 'from', leaf.position),
          to: parseDateBound(leafText(leaf), 'to', leaf.position),
          includeFrom: true,
          includeTo: true,
        };
  const parts: Condition[] = [];
  if (bounds.from)
    parts.push(
      bounds.includeFrom
        ? sql<SqlBool>`${column} >= ${bounds.from}::date`
        : sql<SqlBool>`${column} > ${bounds.from}::date`,
    );
  if (bounds.to)
    parts.push(
      bounds.includeTo
        ? sql<SqlBool>`${column} <= ${bounds.to}::date`
        : sql<SqlBool>`${column} < ${bounds.to}::date`,
    );
  // `IS NOT NULL` keeps NOT's meaning for patents without the date (never NULL, unlike a bare
  // comparison) and, unlike coalesce, lets the planner estimate the range.
  return sql<SqlBool>`(${sql.join([sql<SqlBool>`${column} IS NOT NULL`, ...parts], sql` AND `)})`;
}

export function yearCondition(leaf: LeafNode, shares: ValueShares): Condition {
  const column = sql.ref('s.year_published');
  if (leaf.kind !== 'range') {
    const year = parseYear(leafText(leaf), leaf.position);
    return indexedUnlessBroad(sql<SqlBool>`${column} = ${year}`, shares.yearShare(year, year));
  }
  const from = leaf.from === null ? null : parseYear(leaf.from, leaf.position) + (leaf.includeFrom ? 0 : 1);
  const to = leaf.to === null ? null : parseYear(leaf.to, leaf.position) - (leaf.includeTo ? 0 : 1);
  const parts: Condition[] = [];
  if (from !== null) parts.push(sql<SqlBool>`${column} >= ${from}`);
  if (to !== null) parts.push(sql<SqlBool>`${column} <= ${to}`);
  if (parts.length === 0) return sql<SqlBool>`true`;
  return indexedUnlessBroad(sql<SqlBool>`(${sql.join(parts, sql` AND `)})`, shares.yearShare(from, to));
}
