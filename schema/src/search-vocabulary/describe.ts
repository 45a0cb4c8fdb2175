import { isWholeYearRange, SEARCH_FILTER_NAMES, type SearchFilterValues } from './address.js';
import {
  SEARCH_FILTER_TERMS,
  type FilterTerm,
  type ListFilterTerm,
  type YearRangeFilterTerm,
} from './terms.js';

/** One set filter in words: the results page's tag group ("Countries: Australia, New Zealand"). */
export interface DescribedFilter {
  label: string;
  values: string[];
}

const termOf = (name: (typeof SEARCH_FILTER_NAMES)[number]): FilterTerm => SEARCH_FILTER_TERMS[name];

/**
 * Each set filter in the vocabulary's order, through `yearRange` for the years (left out when they
 * span the whole range) or `listed` for the others.
 */
function eachSetFilter<T>(
  filters: SearchFilterValues,
  yearRange: (term: YearRangeFilterTerm, years: readonly number[]) => T[],
  listed: (term: ListFilterTerm, values: readonly string[]) => T[],
): T[] {
  return SEARCH_FILTER_NAMES.flatMap((name) => {
    const values = filters[name];
    if (!values || values.length === 0) return [];
    const term = termOf(name);
    if (term.format === 'yearRange') {
      const years = values as readonly number[];
      return isWholeYearRange(years) ? [] : yearRange(term, years);
    }
    return listed(term, values as readonly string[]);
  });
}

/** A search's set filters in words, in the vocabulary's order; none for the whole year range. */
export function describeSearchFilters(filters: SearchFilterValues): DescribedFilter[] {
  return eachSetFilter(
    filters,
    (term, years) => [{ label: term.label, values: [`${years[0]}–${years[1]}`] }],
    (term, values) => [{ label: term.label, values: term.describe(values) }],
  );
}

/** A search's filters in one line ("Countries: Australia · Years: 2015–2020"), or '' without any. */
export function searchFiltersInWords(filters: SearchFilterValues): string {
  return describeSearchFilters(filters)
    .map((filter) => `${filter.label}: ${filter.values.join(', ')}`)
    .join(' · ');
}

/**
 * The filters the Lens query syntax says exactly, each as a clause to AND with a query
 * (`jurisdiction:(AU OR NZ)`, `year_published:[2015 TO 2020]`); the others are left out.
 */
export function searchFiltersAsLensClauses(filters: SearchFilterValues): string[] {
  return eachSetFilter(
    filters,
    (_term, years) => [`year_published:[${years[0]} TO ${years[1]}]`],
    (term, values) => {
      const clause = term.lensClause(values);
      return clause === null ? [] : [clause];
    },
  );
}
