import { countryName, INDUSTRY_CATEGORIES, matchesCategory, type SearchResultItem } from '../search';

export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'date-asc', label: 'Date published (oldest first)' },
  { value: 'date-desc', label: 'Date published (newest first)' },
  { value: 'status', label: 'Status' },
  { value: 'country', label: 'Country' },
] as const;

export type SortOrder = (typeof SORT_OPTIONS)[number]['value'];

export function toSortOrder(value: string): SortOrder {
  return SORT_OPTIONS.find((option) => option.value === value)?.value ?? 'relevance';
}

export interface Refinement {
  /** An industry category value, or '' for all industries. */
  category: string;
  /** An AI type tag, or '' for all types. */
  type: string;
  sort: SortOrder;
  /** A publication year (the chart strip's year bars), or none for every year. */
  year?: number;
  /** A two-letter jurisdiction (the chart strip's countries), or none for every country. */
  country?: string;
  /** An owner's name (the chart strip's top owners), or none for every owner. */
  owner?: string;
}

export const NO_REFINEMENT: Refinement = { category: '', type: '', sort: 'relevance' };

const STATUS_FIRST = ['ACTIVE', 'PATENTED', 'PENDING'];

function statusRank(status: string): [number, string] {
  const upper = status.toUpperCase();
  const index = STATUS_FIRST.indexOf(upper);
  return index >= 0 ? [index, ''] : [STATUS_FIRST.length, upper];
}

function compareStatus(a: SearchResultItem, b: SearchResultItem): number {
  const [rankA, nameA] = statusRank(a.patent_status);
  const [rankB, nameB] = statusRank(b.patent_status);
  return rankA - rankB || nameA.localeCompare(nameB);
}

function compareDate(a: SearchResultItem, b: SearchResultItem): number {
  return a.biblio.publication_reference.date.localeCompare(b.biblio.publication_reference.date);
}

function compareCountry(a: SearchResultItem, b: SearchResultItem): number {
  return countryName(a.biblio.publication_reference.jurisdiction).localeCompare(
    countryName(b.biblio.publication_reference.jurisdiction),
  );
}

/** The year a result was published (from its ISO publication date). */
export function publicationYear(item: SearchResultItem): number {
  return Number(item.biblio.publication_reference.date.slice(0, 4));
}

/** The distinct AI type tags of a result set, for the Patent Type select. */
export function typesOf(items: readonly SearchResultItem[]): string[] {
  return [...new Set(items.flatMap((item) => item.generative_data.types))].sort((a, b) => a.localeCompare(b));
}

/**
 * Refines on the client over the original set, in the spec's order: category, type, then sort
 * (with the chart strip's year, country and owner after the type).
 * Sorting is stable, so ties keep the relevance order.
 */
export function refineResults(
  items: readonly SearchResultItem[],
  refinement: Refinement,
  /** The results' owners by Lens id (`useResultOwners`), for the owner refinement. */
  owners?: ReadonlyMap<string, readonly string[]> | null,
): SearchResultItem[] {
  const category = INDUSTRY_CATEGORIES.find((candidate) => candidate.value === refinement.category);
  let refined = category
    ? items.filter((item) => matchesCategory(item.ipc_families[0]?.symbol, category))
    : [...items];
  if (refinement.type)
    refined = refined.filter((item) => item.generative_data.types.includes(refinement.type));
  if (refinement.year !== undefined)
    refined = refined.filter((item) => publicationYear(item) === refinement.year);
  if (refinement.country)
    refined = refined.filter((item) => item.biblio.publication_reference.jurisdiction === refinement.country);
  if (refinement.owner) {
    const owner = refinement.owner;
    refined = refined.filter((item) => owners?.get(item.lens_id)?.includes(owner) ?? false);
  }
  switch (refinement.sort) {
    case 'date-asc':
      return refined.sort(compareDate);
    case 'date-desc':
      return refined.sort((a, b) => compareDate(b, a));
    case 'status':
      return refined.sort(compareStatus);
    case 'country':
      return refined.sort(compareCountry);
    case 'relevance':
      return refined;
  }
}
