import { FIELD_KINDS, type LeafNode, type QueryNode } from '@patentscout/schema';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '@patentscout/db';
import { QuerySyntaxError } from '../query/errors.js';
import { WILDCARD_WORDS_CAP } from './plan.js';

type Condition = RawBuilder<SqlBool>;

/** A bare prefix wildcard (`valve*`). */
export const PREFIX_TERM = /^[\p{L}\p{N}]{2,}\*$/u;

/**
 * What a wildcard word of the text fields fits in the vocabulary of words as written
 * (`search_words`, ADR 0101), as lexemes of the stemmed text index.
 */
export type WildcardExpansion =
  | {
      broad: false;
      /** Lexemes whose every word fits the pattern: a patent holding one matches. */
      exact: string[];
      /** Lexemes shared with words that do not fit (`optim`: optimal, optimization): checked on the text. */
      conflated: string[];
      /**
       * For `comput*`: the letters, when every lexeme starting with them is exact. One prefix
       * operand then stands for those lexemes, as cheap to check on a row as a single word.
       */
      stemPrefix: string | null;
    }
  /** More words fit than `WILDCARD_WORDS_CAP`. */
  | { broad: true };

/** The expansions of a query's wildcard words, by pattern (lower-cased). */
export type WildcardWords = ReadonlyMap<string, WildcardExpansion>;

/**
 * A wildcard word's pattern, lower-cased, refused as `checkLensQuery` refuses it in the browser:
 * two letters before the first wildcard make every pattern a range scan of the vocabulary.
 */
export function wildcardPattern(leaf: LeafNode): string {
  if (leaf.kind !== 'term') throw new Error('unreachable: only terms carry wildcards');
  const value = leaf.value.toLowerCase();
  if (PREFIX_TERM.test(value)) return value;
  const prefix = /^[\p{L}\p{N}]*/u.exec(value)![0];
  if (prefix.length < 2) {
    throw new QuerySyntaxError(
      'a wildcard word needs at least two letters before the first * or ?.',
      leaf.position,
    );
  }
  if (!/^[\p{L}\p{N}*?]+$/u.test(value)) {
    throw new QuerySyntaxError('wildcard words may contain only letters, digits, * and ?.', leaf.position);
  }
  return value;
}

export function likePattern(value: string): string {
  return value
    .replace(/[\\%_]/g, '\\$&')
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');
}

function textWildcards(node: QueryNode): LeafNode[] {
  if (node.kind === 'and' || node.kind === 'or') return node.children.flatMap(textWildcards);
  if (node.kind === 'not') return textWildcards(node.child);
  return node.kind === 'term' && node.wildcard && FIELD_KINDS[node.field] === 'text' ? [node] : [];
}

/**
 * Looks up the query's wildcard words of the text fields in the vocabulary, for
 * `compileLensQuery`: per pattern, one range scan of the words (up to the cap) and one look-up
 * of the other words of their lexemes.
 */
export async function expandWildcards(db: Db, root: QueryNode): Promise<WildcardWords> {
  const patterns = new Set(textWildcards(root).map(wildcardPattern));
  const expansions = new Map<string, WildcardExpansion>();
  for (const pattern of patterns) {
    const like = likePattern(pattern);
    const fitting = await db
      .selectFrom('search_words')
      .select('lexeme')
      .where('word', 'like', like)
      .limit(WILDCARD_WORDS_CAP + 1)
      .execute();
    if (fitting.length > WILDCARD_WORDS_CAP) {
      expansions.set(pattern, { broad: true });
      continue;
    }
    const lexemes = [...new Set(fitting.flatMap((row) => (row.lexeme === null ? [] : [row.lexeme])))];
    const shared =
      lexemes.length === 0
        ? []
        : await db
            .selectFrom('search_words')
            .select('lexeme')
            .distinct()
            .where('lexeme', 'in', lexemes)
            .where('word', 'not like', like)
            .execute();
    const conflated = new Set(shared.map((row) => row.lexeme));
    const exact = lexemes.filter((lexeme) => !conflated.has(lexeme));
    const start = pattern.slice(0, -1);
    const prefixed = PREFIX_TERM.test(pattern) && exact.some((lexeme) => lexeme.startsWith(start));
    const unfitting = prefixed
      ? await db
          .selectFrom('search_words')
          .select('word')
          .where('lexeme', 'like', likePattern(pattern))
          .where('word', 'not like', like)
          .limit(1)
          .execute()
      : [];
    expansions.set(pattern, {
      broad: false,
      exact,
      conflated: lexemes.filter((lexeme) => conflated.has(lexeme)),
      stemPrefix: prefixed && unfitting.length === 0 ? start : null,
    });
  }
  return expansions;
}

/** Which text column each weight label of the text vector holds (see 20261122T0500-search-index). */
const WEIGHT_COLUMNS: Record<string, string> = { a: 'title', b: 'abstract', c: 'claims' };

/**
 * A wildcard word of the text fields as a condition on the search row: its lexemes through the
 * text index, restricted to the fields' weight labels; where a lexeme also stands for words that
 * do not fit, the patent's text as written is checked for a word that does.
 */
export function wildcardTextCondition(
  expansion: Extract<WildcardExpansion, { broad: false }>,
  pattern: string,
  weights: string,
): { condition: Condition; indexed: Condition; query: RawBuilder<unknown> | null } {
  const all = [...expansion.exact, ...expansion.conflated];
  if (all.length === 0) return { condition: sql<SqlBool>`false`, indexed: sql<SqlBool>`false`, query: null };
  const vector = sql.ref('s.text_vector');
  const { stemPrefix } = expansion;
  const operands = (lexemes: string[]) => [
    ...(stemPrefix !== null && lexemes.some((lexeme) => lexeme.startsWith(stemPrefix))
      ? [{ lexeme: stemPrefix, prefix: true }]
      : []),
    ...lexemes
      .filter((lexeme) => stemPrefix === null || !lexeme.startsWith(stemPrefix))
      .map((lexeme) => ({ lexeme, prefix: false })),
  ];
  const tsquery = (lexemes: string[], labels = '') =>
    sql`${operands(lexemes)
      .map(({ lexeme, prefix }) => {
        const marks = `${prefix ? '*' : ''}${labels}`;
        return `'${lexeme.replace(/'/g, "''")}'${marks ? `:${marks}` : ''}`;
      })
      .join(' | ')}::tsquery`;
  const labels = weights.toUpperCase();
  const parts: Condition[] = [];
  if (expansion.exact.length > 0) parts.push(sql<SqlBool>`${vector} @@ ${tsquery(expansion.exact, labels)}`);
  if (expansion.conflated.length > 0) {
    // Letters and digits only (`wildcardPattern`): nothing to escape. A word is a run of them.
    const regex = `(^|[^[:alnum:]])${pattern.replace(/\?/g, '[[:alnum:]]').replace(/\*/g, '[[:alnum:]]*')}([^[:alnum:]]|$)`;
    const columns = weights
      .split('')
      .map((weight) => sql<SqlBool>`p.${sql.ref(WEIGHT_COLUMNS[weight]!)} ~* ${regex}`);
    parts.push(
      sql<SqlBool>`(${vector} @@ ${tsquery(expansion.conflated, labels)} AND EXISTS (SELECT 1 FROM patents p WHERE p.lens_id = s.lens_id AND (${sql.join(columns, sql` OR `)})))`,
    );
  }
  const query = tsquery(all);
  return {
    condition: sql<SqlBool>`(${sql.join(parts, sql` OR `)})`,
    indexed: sql<SqlBool>`${vector} @@ ${query}`,
    query,
  };
}

/** The lexemes the query's wildcard words fit, for highlighting (none for a broad prefix). */
export function wildcardLexemes(words: WildcardWords): string[] {
  return [...words.values()].flatMap((expansion) =>
    expansion.broad ? [] : [...expansion.exact, ...expansion.conflated],
  );
}

/**
 * `sm?th`, `jo*n` in names: the names vector holds the words as written (the `simple`
 * configuration), so the pattern is matched against its lexemes, narrowed by the literal prefix.
 */
export function nameWildcardCondition(
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
