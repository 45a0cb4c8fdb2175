import { FIELD_KINDS, type LeafNode, type QueryNode } from '@patentscout/schema';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { QuerySyntaxError } from '../query/errors.js';
import {
  classificationCondition,
  dateCondition,
  exactNameCondition,
  fieldLabel,
  idsCondition,
  keywordCondition,
  yearCondition,
} from './field-conditions.js';
import { textIndexedShares, UNKNOWN_VALUE_SHARES } from './plan.js';
import type { ValueShares } from './statistics.js';
import { textCondition } from './text-conditions.js';
import type { WildcardWords } from './wildcards.js';

/**
 * The Lens query compiler: walks the parsed tree into SQL over `patent_search`. Each leaf is its
 * field's condition: full text and names in text-conditions.ts (phrases and proximity in
 * phrases.ts, wildcards in wildcards.ts), the other fields in field-conditions.ts.
 */

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
   * Whether the query can read the top of the static rank through its own indexes first (see
   * `topRankFirst`): every match must meet a condition that the text, names or classification
   * indexes find (a positive one in every branch), each of which has indexes of the top and of
   * the rest of the rank, and no condition follows the rank (dates, years, legal status), which
   * could leave the top without a single match, read for nothing.
   */
  topIndexed: boolean;
  /**
   * Whether every match must contain words of the text index, which holds each patent's country
   * too: countries of up to a tenth of patents are then left for that index to find
   * (`textIndexedShares`), in the query as in the request's filters.
   */
  textDriven: boolean;
}

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
    topIndexed: drivenBy(root, ['text', 'name', 'classification']) && !followsRank(root),
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

function drivenBy(node: QueryNode, kinds: readonly ('text' | 'name' | 'classification')[]): boolean {
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
