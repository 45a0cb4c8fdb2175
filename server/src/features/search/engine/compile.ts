import {
  FIELD_KINDS,
  LEGAL_STATUSES,
  NAME_FIELD_WEIGHTS,
  parseIdentifier,
  TEXT_FIELD_WEIGHTS,
  toStoredPatentStatus,
  type FieldName,
  type LeafNode,
  type QueryNode,
} from '@patentscout/schema';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { parseDateBound, parseYear } from '../query/dates.js';
import { QuerySyntaxError } from '../query/errors.js';
import { indexedUnlessBroad, textIndexedShares, UNKNOWN_VALUE_SHARES, WILDCARD_WORDS_CAP } from './plan.js';
import type { ValueShares } from './term-stats.js';
import {
  likePattern,
  PREFIX_TERM,
  wildcardPattern,
  wildcardTextCondition,
  type WildcardWords,
} from './wildcards.js';

type Condition = RawBuilder<SqlBool>;
type TsQuery = RawBuilder<unknown>;

export interface CompiledQuery {
  /** A boolean SQL condition over `patent_search` (alias `s`); user text only as parameters. */
  where: Condition;
  /** The positive text terms, ORed, for ranking; null when the query has none. */
  rankQuery: TsQuery | null;
  /**
   * `where` for the planner's row estimate: text leaves as their indexed match only (without
   * the field restriction, whose selectivity the planner cannot know and guesses far too low).
   */
  estimateWhere: Condition;
  /**
   * Whether the query can read the top of the static rank through its own word indexes first
   * (see `topRankFirst`): every match must contain words that the text or names index finds (a
   * positive word condition in every branch), and no condition follows the rank (dates, years,
   * legal status), which could leave the top without a single match, read for nothing.
   */
  wordDriven: boolean;
  /**
   * Whether every match must contain words of the text index, which holds each patent's country
   * too: countries of up to a tenth of patents are then left for that index to find
   * (`textIndexedShares`), in the query as in the request's filters.
   */
  textDriven: boolean;
}

/** A quoted operand of a tsquery's text form, with its optional prefix mark. */
const TSQUERY_OPERAND = "('(?:[^']|'')*')(?::(\\*))?";
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * `corpusShares` tells which field values are common enough that their index would only slow
 * the search down (see `indexedUnlessBroad`); a query that needs text words leaves its countries
 * to the text index up to a tenth of patents (`textIndexedShares`). `words` holds what the
 * query's wildcard words of the text fields fit (`expandWildcards`).
 */
export function compileLensQuery(
  root: QueryNode,
  corpusShares: ValueShares = UNKNOWN_VALUE_SHARES,
  words: WildcardWords = new Map(),
): CompiledQuery {
  const textDriven = drivenBy(root, ['text']);
  const shares = textDriven ? textIndexedShares(corpusShares) : corpusShares;
  const rankParts: TsQuery[] = [];

  function compile(node: QueryNode, negated: boolean, loose: boolean): Condition {
    switch (node.kind) {
      case 'and':
        return sql<SqlBool>`(${sql.join(
          node.children.map((child) => compile(child, negated, loose)),
          sql` AND `,
        )})`;
      case 'or':
        return sql<SqlBool>`(${sql.join(
          node.children.map((child) => compile(child, negated, loose)),
          sql` OR `,
        )})`;
      case 'not':
        return sql<SqlBool>`(NOT ${compile(node.child, !negated, loose)})`;
      default:
        return compileLeaf(node, negated, loose);
    }
  }

  function compileLeaf(leaf: LeafNode, negated: boolean, loose: boolean): Condition {
    const kind = FIELD_KINDS[leaf.field];
    if (leaf.kind === 'range' && kind !== 'date' && kind !== 'year') {
      throw new QuerySyntaxError(
        `ranges work on date_published, earliest_priority_claim_date and year_published, not on ${fieldLabel(leaf.field)}.`,
        leaf.position,
      );
    }
    switch (kind) {
      case 'text':
      case 'name': {
        const { condition, indexed, query } = textCondition(leaf, kind, words);
        if (loose) return indexed;
        if (kind === 'text' && !negated && query) rankParts.push(query);
        return condition;
      }
      case 'exactName':
        return exactNameCondition(leaf);
      case 'classification':
        return classificationCondition(leaf);
      case 'keyword':
        return keywordCondition(leaf, shares);
      case 'ids':
        return idsCondition(leaf);
      case 'date':
        return dateCondition(leaf);
      case 'year':
        return yearCondition(leaf, shares);
    }
  }

  const where = compile(root, false, false);
  const rankQuery = rankParts.length === 0 ? null : rankParts.reduce((all, part) => sql`(${all} || ${part})`);
  return {
    where,
    rankQuery,
    estimateWhere: compile(root, false, true),
    wordDriven: drivenBy(root, ['text', 'name']) && !followsRank(root),
    textDriven,
  };
}

/** Fields that the static rank follows: publication dates and legal status. */
function followsRank(node: QueryNode): boolean {
  if (node.kind === 'and' || node.kind === 'or') return node.children.some(followsRank);
  if (node.kind === 'not') return followsRank(node.child);
  const kind = FIELD_KINDS[node.field];
  return kind === 'date' || kind === 'year' || node.field === 'legal_status.patent_status';
}

function drivenBy(node: QueryNode, kinds: readonly ('text' | 'name')[]): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.some((child) => drivenBy(child, kinds));
    case 'or':
      return node.children.every((child) => drivenBy(child, kinds));
    case 'not':
      return false;
    default:
      return node.kind !== 'range' && (kinds as readonly string[]).includes(FIELD_KINDS[node.field]);
  }
}

function fieldLabel(field: FieldName): string {
  return field === 'default' ? 'plain terms' : field;
}

function leafText(leaf: LeafNode): string {
  if (leaf.kind === 'range') throw new Error('unreachable: ranges are rejected before');
  return leaf.kind === 'term' ? leaf.value : leaf.text;
}

/** Full-text match on the text vector (titles, abstract, claims) or the names vector. */
function textCondition(
  leaf: LeafNode,
  kind: 'text' | 'name',
  words: WildcardWords,
): { condition: Condition; indexed: Condition; query: TsQuery | null } {
  const vector = kind === 'text' ? sql.ref('s.text_vector') : sql.ref('s.names_vector');
  const config = kind === 'text' ? sql.lit('english') : sql.lit('simple');
  const weights =
    kind === 'text'
      ? TEXT_FIELD_WEIGHTS[leaf.field as keyof typeof TEXT_FIELD_WEIGHTS]
      : NAME_FIELD_WEIGHTS[leaf.field as keyof typeof NAME_FIELD_WEIGHTS];
  // The field restriction as weight labels on every operand ('solar':ABC), so that one match
  // of the stored vector checks it: no filtered copy of the vector per row. The planner folds
  // the rewrite into a constant; the GIN index ignores labels and rechecks.
  const labels = `\\1:\\2${weights.toUpperCase()}`;
  const restrict = (query: TsQuery) =>
    sql<SqlBool>`${vector} @@ regexp_replace((${query})::text, ${TSQUERY_OPERAND}, ${labels}, 'g')::tsquery`;
  const matching = (query: TsQuery) => ({
    condition: restrict(query),
    indexed: sql<SqlBool>`${vector} @@ ${query}`,
    query,
  });

  if (leaf.kind === 'term' && leaf.wildcard) {
    const pattern = wildcardPattern(leaf);
    if (kind === 'name') {
      if (PREFIX_TERM.test(pattern))
        return matching(sql`to_tsquery('simple', ${`${pattern.slice(0, -1)}:*`})`);
      return { ...nameWildcardCondition(pattern, weights), query: null };
    }
    const expansion = words.get(pattern);
    if (!expansion) throw new Error(`unreachable: "${pattern}" was not looked up (expandWildcards)`);
    if (!expansion.broad) return wildcardTextCondition(expansion, pattern, weights);
    // So broad a prefix is nearly every stem that starts with it.
    if (PREFIX_TERM.test(pattern))
      return matching(sql`to_tsquery('english', ${`${pattern.slice(0, -1)}:*`})`);
    throw new QuerySyntaxError(
      `${leaf.value} is too broad: it fits more than ${WILDCARD_WORDS_CAP} words. Add letters before the first * or ?.`,
      leaf.position,
    );
  }
  if (leaf.kind === 'phrase' && leaf.slop !== null) {
    const words = leaf.text.match(WORD) ?? [];
    if (words.length < 2) {
      const query = sql`plainto_tsquery(${config}::regconfig, ${leaf.text})`;
      return matching(query);
    }
    const word = (text: string) => sql`plainto_tsquery(${config}::regconfig, ${text})`;
    const pairs = words.slice(1).map((next, index) => {
      const previous = words[index]!;
      const distances = Array.from({ length: leaf.slop! }, (_, step) => step + 1).flatMap((distance) => [
        sql`tsquery_phrase(${word(previous)}, ${word(next)}, ${distance})`,
        sql`tsquery_phrase(${word(next)}, ${word(previous)}, ${distance})`,
      ]);
      return sql`(${sql.join(distances, sql` || `)})`;
    });
    const query = sql`(${sql.join(pairs, sql` && `)})`;
    return matching(query);
  }
  const text = leafText(leaf);
  const query =
    leaf.kind === 'phrase'
      ? sql`phraseto_tsquery(${config}::regconfig, ${text})`
      : sql`plainto_tsquery(${config}::regconfig, ${text})`;
  return matching(query);
}

/**
 * `sm?th`, `jo*n` in names: the names vector holds the words as written (the `simple`
 * configuration), so the pattern is matched against its lexemes, narrowed by the literal prefix.
 */
function nameWildcardCondition(
  pattern: string,
  weights: string,
): { condition: Condition; indexed: Condition } {
  const vector = sql.ref('s.names_vector');
  const prefix = /^[\p{L}\p{N}]*/u.exec(pattern)![0];
  const indexed = sql<SqlBool>`${vector} @@ to_tsquery('simple', ${`${prefix}:*`})`;
  // The lexemes as a plain text array: unnesting the vector itself builds each lexeme's
  // positions too, which doubles the cost of every row checked.
  return {
    condition: sql<SqlBool>`(${indexed}
    AND EXISTS (SELECT 1 FROM unnest(tsvector_to_array(ts_filter(${vector}, ${sql.val(weights.split(''))}::"char"[]))) AS lexeme WHERE lexeme LIKE ${likePattern(pattern)}))`,
    indexed,
  };
}

function exactNameCondition(leaf: LeafNode): Condition {
  const column = sql.ref(
    `s.${leaf.field.split('.')[0] === 'owner_all' ? 'owners' : `${leaf.field.split('.')[0]}s`}_exact`,
  );
  const name = leafText(leaf).trim().toLowerCase();
  if (leaf.kind === 'term' && leaf.wildcard) {
    return sql<SqlBool>`EXISTS (SELECT 1 FROM unnest(${column}) AS name WHERE name LIKE ${likePattern(name)})`;
  }
  return sql<SqlBool>`${column} @> ARRAY[${name}]::text[]`;
}

function classificationCondition(leaf: LeafNode): Condition {
  const scheme = leaf.field === 'class_cpc.symbol' ? 'cpc' : 'ipc';
  const prefixes = sql.ref(`s.${scheme}_prefixes`);
  const symbols = sql.ref(`s.${scheme}_symbols`);
  const value = leafText(leaf).replace(/\s+/g, '').toUpperCase();
  const wildcardAt = value.search(/[*?]/);
  if (wildcardAt < 0) return sql<SqlBool>`${prefixes} @> ARRAY[${value}]::text[]`;
  const literal = value.slice(0, wildcardAt);
  if (value === `${literal}*` && [1, 3, 4].includes(literal.length)) {
    return sql<SqlBool>`${prefixes} @> ARRAY[${literal}]::text[]`;
  }
  const level = [4, 3, 1].find((length) => literal.length >= length);
  const match = sql<SqlBool>`EXISTS (SELECT 1 FROM unnest(${symbols}) AS symbol WHERE upper(symbol) LIKE ${likePattern(value)})`;
  return level
    ? sql<SqlBool>`(${prefixes} @> ARRAY[${literal.slice(0, level)}]::text[] AND ${match})`
    : match;
}

function keywordCondition(leaf: LeafNode, shares: ValueShares): Condition {
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

function idsCondition(leaf: LeafNode): Condition {
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

function dateCondition(leaf: LeafNode): Condition {
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

function yearCondition(leaf: LeafNode, shares: ValueShares): Condition {
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
