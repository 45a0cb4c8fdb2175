/** AI search's candidate tiers, as tsquery texts. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ALL_BUT_ONE_LEAD_WORDS, PAIR_TIER_WORDS } from './plan.js';

/** One tier: `match` drives the GIN index; `require` and `except` are checked on its rows. */
export interface CandidateTier {
  match: string;
  require?: string;
  except: string[];
  /** What `match` finds: documents with every word of one of these sets, and none of `without`. */
  wordSets: string[][];
  without: string[];
}

/** A lexeme as a tsquery operand (quoted; `weights` restricts it to labels such as 'AD'). */
export function tsLexeme(lexeme: string, weights = ''): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weights ? `:${weights}` : ''}`;
}

/** Documents containing every one of the lexemes, as tsquery text. */
const allOf = (words: string[]) => words.map((lexeme) => tsLexeme(lexeme)).join(' & ');

/** Every choice of `size` of the items, each in the items' order, in lexicographic order. */
function combinations<T>(items: readonly T[], size: number): T[][] {
  const combos: T[][] = [];
  const pick = (from: number, chosen: T[]) => {
    if (chosen.length === size) {
      combos.push(chosen);
      return;
    }
    for (let index = from; index <= items.length - (size - chosen.length); index += 1) {
      pick(index + 1, [...chosen, items[index]!]);
    }
  };
  pick(0, []);
  return combos;
}

/** Documents containing at least `count` of the lexemes, as tsquery text. */
const atLeast = (lexemes: string[], count: number) =>
  combinations(lexemes, count)
    .map((combo) => `(${allOf(combo)})`)
    .join(' | ');

/** Documents containing any of the lexemes, as tsquery text. */
export const anyOf = (words: string[]) => words.map((lexeme) => tsLexeme(lexeme)).join(' | ');

/** Whether the text of the patent-search row aliased `row` holds any of the words: one match of them all. */
export const holdsAnyWord = (row: string, terms: readonly { lexeme: string }[]): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${row}.text_vector`)} @@ ${anyOf(terms.map((term) => term.lexeme))}::tsquery`;

/**
 * AI search's candidate tiers as tsquery texts, for lexemes ordered rarest first: documents with
 * every word; with all but one; with two of the four rarest; with any. Every `match` is a plain
 * conjunction for the GIN index, which it answers from its rarest word's postings (a
 * disjunction makes it read the postings of every word, ten times the work); words that must
 * be missing are left out in the index too (`& !w`); larger sets that earlier tiers found are
 * excluded (`except`) by a recheck on the row, and `require` is checked on the row as well.
 */
export function candidateTiers(lexemes: string[]): CandidateTier[] {
  const count = lexemes.length;
  const parts: CandidateTier[] = [{ match: allOf(lexemes), except: [], wordSets: [lexemes], without: [] }];
  if (count >= 2) {
    let covered = allOf(lexemes);
    if (count >= ALL_BUT_ONE_LEAD_WORDS) {
      // A document missing at most one word has all but one of the rarest few: one index scan
      // of those short postings lists, with the full condition checked on the row, instead of
      // one scan of count - 1 lists for each word that may be missing.
      covered = atLeast(lexemes, count - 1);
      const lead = lexemes.slice(0, ALL_BUT_ONE_LEAD_WORDS);
      parts.push({
        match: atLeast(lead, lead.length - 1),
        require: covered,
        except: [allOf(lexemes)],
        wordSets: combinations(lead, lead.length - 1),
        without: [],
      });
    }
    if (count >= PAIR_TIER_WORDS) {
      const rarest = lexemes.slice(0, PAIR_TIER_WORDS);
      const pairs = combinations(rarest, 2);
      pairs.forEach((pair, index) => {
        const earlier = pairs.slice(0, index).map((previous) => `(${allOf(previous)})`);
        parts.push({
          match: allOf(pair),
          except: [covered, ...(earlier.length > 0 ? [earlier.join(' | ')] : [])],
          wordSets: [pair],
          without: [],
        });
      });
      covered = atLeast(rarest, 2);
    }
    lexemes.forEach((lexeme, index) => {
      const earlier = lexemes.slice(0, index);
      parts.push({
        match: earlier.length > 0 ? `${tsLexeme(lexeme)} & !(${anyOf(earlier)})` : tsLexeme(lexeme),
        except: [covered],
        wordSets: [[lexeme]],
        without: earlier,
      });
    });
  }
  return parts;
}

/**
 * The share of all documents that a tier's match finds, were words independent of each other,
 * given each lexeme's share (`frequency`). Words on one subject come together more often than
 * that, so the estimate errs low for several words, which keeps a sparse tier on its index.
 */
export function tierDensity(
  tier: Pick<CandidateTier, 'wordSets' | 'without'>,
  frequency: (lexeme: string) => number,
): number {
  const withSomeSet = tier.wordSets.reduce(
    (sum, words) => sum + words.reduce((share, lexeme) => share * frequency(lexeme), 1),
    0,
  );
  return tier.without.reduce((share, lexeme) => share * (1 - frequency(lexeme)), Math.min(1, withSomeSet));
}

/**
 * The most of all documents that a tier's match can find, given each lexeme's share: each word
 * set finds at most its rarest word's documents.
 */
export function tierShareAtMost(
  tier: Pick<CandidateTier, 'wordSets'>,
  frequency: (lexeme: string) => number,
): number {
  const most = tier.wordSets.reduce(
    (sum, words) => sum + Math.min(...words.map((lexeme) => frequency(lexeme))),
    0,
  );
  return Math.min(1, most);
}
