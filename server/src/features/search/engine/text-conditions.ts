import { NAME_FIELD_WEIGHTS, TEXT_FIELD_WEIGHTS, type LeafNode } from '@patentscout/schema';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { QuerySyntaxError } from '../query/errors.js';
import { leafText } from './field-conditions.js';
import { phraseQuery } from './phrases.js';
import { WILDCARD_WORDS_CAP } from './plan.js';
import {
  nameWildcardCondition,
  PREFIX_TERM,
  wildcardPattern,
  wildcardTextCondition,
  type WildcardWords,
} from './wildcards.js';

type Condition = RawBuilder<SqlBool>;
type TsQuery = RawBuilder<unknown>;

/** A text or name leaf compiled: its condition, its indexed match alone, its tsquery for ranking. */
export interface TextCondition {
  condition: Condition;
  /** The match the GIN index answers, without the field restriction (for row estimates). */
  indexed: Condition;
  /** The leaf's tsquery, ORed into the ranking; null when it has none. */
  query: TsQuery | null;
}

/** A quoted operand of a tsquery's text form, with its optional prefix mark. */
const TSQUERY_OPERAND = "('(?:[^']|'')*')(?::(\\*))?";

/** Full-text match on the text vector (titles, abstract, claims) or the names vector. */
export function textCondition(leaf: LeafNode, kind: 'text' | 'name', words: WildcardWords): TextCondition {
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
  const restricted = (query: TsQuery) =>
    sql`regexp_replace((${query})::text, ${TSQUERY_OPERAND}, ${labels}, 'g')::tsquery`;
  const restrict = (query: TsQuery) => sql<SqlBool>`${vector} @@ ${restricted(query)}`;
  const matching = (query: TsQuery): TextCondition => ({
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
  if (leaf.kind === 'phrase') {
    const { query, allWords } = phraseQuery(leaf, config);
    if (!allWords) return matching(query);
    // The index finds the patents with every word; only those are checked for the proximity,
    // through the function form of @@, which no index answers (the index would read the
    // postings of every operand of the long OR).
    return {
      condition: sql<SqlBool>`(${restrict(allWords)} AND ts_match_vq(${vector}, ${restricted(query)}))`,
      indexed: sql<SqlBool>`${vector} @@ ${allWords}`,
      query,
    };
  }
  return matching(sql`plainto_tsquery(${config}::regconfig, ${leafText(leaf)})`);
}
