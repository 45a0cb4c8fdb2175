import {
  isWholeYearRange,
  KIND_CODES,
  LEGAL_STATUSES,
  LENS_PUBLICATION_TYPES,
  toStoredPatentStatus,
  YEAR_MAX,
  YEAR_MIN,
  type SearchFilterName,
} from '@patentscout/schema';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { FEW_IPC_PREFIXES, indexedUnlessBroad } from './plan.js';
import type { ValueShares } from './statistics.js';

type Condition = RawBuilder<SqlBool>;

/**
 * One filter of a search request. Its name is the search vocabulary's (`@patentscout/schema`): the
 * request's field, as the REST body, the GraphQL `SearchInput` and the results page's address
 * spell it; what it says of itself decides how the
 * planner may treat it (plan.ts), so that a new filter cannot be missed by a planning rule.
 */
export interface FilterDefinition<Value> {
  /** Checks the request's value and normalises it; null (absent, or an empty list) means no filter. */
  input: z.ZodType<Value | null, unknown>;
  /** The condition over `patent_search` (alias `s`); user values only as parameters. */
  condition(value: Value): Condition;
  /**
   * The share of patents the value keeps, for a column with a B-tree of its own and statistics
   * of its common values: a broad value then skips its index (`indexedUnlessBroad`), and AI search
   * may weigh reading in rank order. Absent when not known: the filter's matches may then lie
   * anywhere in the rank, and a tier is never read in rank order under it.
   */
  share?(value: Value, stats: ValueShares): number;
  /**
   * True when the static rank is built from the column (publication year, legal status): its
   * matches may be missing from the top of the rank, which is then read for nothing.
   */
  followsRank: boolean;
}

const defineFilter = <Value>(definition: FilterDefinition<Value>) => definition;

/** A list of upper-cased, distinct values, or null when there is none. */
function valueList(item: z.ZodString, options: { max: number }) {
  return z
    .array(item)
    .max(options.max)
    .nullish()
    .transform((values) =>
      values && values.length > 0 ? [...new Set(values.map((value) => value.toUpperCase()))] : null,
    );
}

const year = z
  .number()
  .int()
  .min(YEAR_MIN, `Years must be ${YEAR_MIN} or later.`)
  .max(YEAR_MAX, `Years must be ${YEAR_MAX} or earlier.`);

const KIND_LETTERS = KIND_CODES.map((kind) => kind.letter) as string[];

/** Every filter of the search vocabulary, in the order the engine applies them: one definition each. */
export const SEARCH_FILTERS = {
  /** IPC code prefixes: a patent matches when its first IPC symbol starts with one of them. */
  ipc_filters: defineFilter<string[]>({
    input: valueList(
      z
        .string()
        .trim()
        .regex(
          /^[A-H](\d{2}([A-Z](\d{1,4}(\/\d{1,6})?)?)?)?$/i,
          'IPC filters must be IPC codes such as A61K or H01M10/05.',
        ),
      { max: 1000 },
    ),
    condition(prefixes) {
      const patterns = prefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`);
      return patterns.length <= FEW_IPC_PREFIXES
        ? sql<SqlBool>`coalesce(${sql.join(
            patterns.map((pattern) => sql`s.first_ipc LIKE ${pattern}`),
            sql` OR `,
          )}, false)`
        : sql<SqlBool>`coalesce(s.first_ipc LIKE ANY (${sql.val(patterns)}::text[]), false)`;
    },
    followsRank: false,
  }),

  legal_status: defineFilter<string[]>({
    input: z
      .array(
        z.string().refine((value) => toStoredPatentStatus(value) !== undefined, {
          message: `Legal status must be one of: ${LEGAL_STATUSES.map((status) => status.value).join(', ')}.`,
        }),
      )
      .max(50)
      .nullish()
      .transform((values) =>
        values && values.length > 0
          ? [...new Set(values.map((value) => toStoredPatentStatus(value)!))]
          : null,
      ),
    condition: (statuses) => sql<SqlBool>`s.patent_status = ANY (${sql.val(statuses)}::text[])`,
    share: (statuses, stats) => stats.share('patent_status', statuses),
    followsRank: true,
  }),

  jurisdiction: defineFilter<string[]>({
    input: valueList(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Countries must be two-letter codes such as US or AU.'),
      {
        max: 300,
      },
    ),
    condition: (codes) => sql<SqlBool>`s.jurisdiction = ANY (${sql.val(codes)}::text[])`,
    share: (codes, stats) => stats.share('jurisdiction', codes),
    followsRank: false,
  }),

  years: defineFilter<[number, number]>({
    input: z
      .tuple([year, year], { message: 'Years must be two numbers: [from, to].' })
      .nullish()
      .refine((years) => !years || years[0] <= years[1], 'The "from" year cannot be after the "to" year.')
      // The whole range is no filter: a request that spells it (the browser sends all five keys)
      // is the same search as one without it, for the free repeat and for the planner.
      .transform((years) => (years && !isWholeYearRange(years) ? years : null)),
    condition: ([from, to]) => sql<SqlBool>`s.year_published BETWEEN ${from} AND ${to}`,
    share: ([from, to], stats) => stats.yearShare(from, to),
    followsRank: true,
  }),

  /** Kind-code letters (WIPO ST.16): B granted, A applications, U utility models, ... */
  kind: defineFilter<string[]>({
    input: valueList(
      z
        .string()
        .trim()
        .refine((letter) => KIND_LETTERS.includes(letter.toUpperCase()), {
          message: `Kinds must be kind-code letters: ${KIND_LETTERS.join(', ')}.`,
        }),
      { max: KIND_LETTERS.length },
    ),
    condition: (letters) => sql<SqlBool>`left(s.kind, 1) = ANY (${sql.val(letters)}::text[])`,
    followsRank: false,
  }),

  /** The provider's publication types: GRANTED_PATENT, PATENT_APPLICATION, ... */
  publication_type: defineFilter<string[]>({
    input: valueList(
      z
        .string()
        .trim()
        .refine((type) => (LENS_PUBLICATION_TYPES as readonly string[]).includes(type.toUpperCase()), {
          message: `Publication types must be: ${LENS_PUBLICATION_TYPES.join(', ')}.`,
        }),
      { max: LENS_PUBLICATION_TYPES.length },
    ),
    condition: (types) => sql<SqlBool>`s.publication_type = ANY (${sql.val(types)}::text[])`,
    followsRank: false,
  }),
} satisfies Record<SearchFilterName, unknown>;

type Filters = typeof SEARCH_FILTERS;
export type FilterName = keyof Filters;
type ValueOf<Name extends FilterName> = Filters[Name] extends FilterDefinition<infer Value> ? Value : never;

/** A request's filters, normalised; null where the request sets none. */
export type SearchFilters = { [Name in FilterName]: ValueOf<Name> | null };

export const NO_FILTERS: SearchFilters = Object.fromEntries(
  Object.keys(SEARCH_FILTERS).map((name) => [name, null]),
) as SearchFilters;

/** The zod shape of every filter's input, for a request schema to spread. */
export const FILTER_INPUTS = Object.fromEntries(
  Object.entries(SEARCH_FILTERS).map(([name, definition]) => [name, definition.input]),
) as { [Name in FilterName]: Filters[Name]['input'] };

/** The filters a request sets, each with its definition and value. */
export function activeFilters(
  filters: SearchFilters,
): { definition: FilterDefinition<unknown>; value: unknown }[] {
  return (Object.keys(SEARCH_FILTERS) as FilterName[])
    .filter((name) => filters[name] !== null)
    .map((name) => ({ definition: SEARCH_FILTERS[name] as FilterDefinition<unknown>, value: filters[name] }));
}

/** The request's filters as one condition over `patent_search` (alias `s`); broad values skip their indexes. */
export function filtersCondition(filters: SearchFilters, shares: ValueShares): Condition {
  const parts = activeFilters(filters).map(({ definition, value }) => {
    const condition = definition.condition(value);
    return definition.share ? indexedUnlessBroad(condition, definition.share(value, shares)) : condition;
  });
  return parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** Whether any filter follows the static rank (see `FilterDefinition.followsRank`). */
export function filtersFollowRank(filters: SearchFilters): boolean {
  return activeFilters(filters).some(({ definition }) => definition.followsRank);
}

/**
 * The share of patents that the filters keep, as if independent of each other and of the rank,
 * or null when a filter's share is unknown or it follows the rank (its matches may be sparse at
 * the top, where a read in rank order starts).
 */
export function filtersShareAlongRank(filters: SearchFilters, shares: ValueShares): number | null {
  let product = 1;
  for (const { definition, value } of activeFilters(filters)) {
    if (!definition.share || definition.followsRank) return null;
    product *= definition.share(value, shares);
  }
  return product;
}
