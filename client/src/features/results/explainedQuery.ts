import { toStoredPatentStatus, YEAR_MAX, YEAR_MIN } from '@patentscout/schema';
import type { SearchInput } from '../../__generated__/graphql';

/**
 * The Advanced search query for an explained AI search: its Lens query, with the filters the
 * Lens syntax says exactly (countries, legal statuses, years, document types). Industry
 * categories match on a result's first IPC symbol only, which the syntax cannot say; they stay
 * out (the filter panel can set them again).
 */
export function advancedQueryFor(lensQuery: string, input: SearchInput): string {
  const parts = [
    input.jurisdiction?.length || input.legal_status?.length || input.kind?.length || narrowed(input.years)
      ? `(${lensQuery})`
      : lensQuery,
  ];
  const any = (field: string, values: readonly string[]) =>
    values.length === 1 ? `${field}:${values[0]}` : `${field}:(${values.join(' OR ')})`;
  if (input.jurisdiction?.length) parts.push(any('jurisdiction', input.jurisdiction));
  const statuses = (input.legal_status ?? []).flatMap((value) => toStoredPatentStatus(value) ?? []);
  if (statuses.length > 0) parts.push(any('legal_status.patent_status', statuses));
  if (input.kind?.length)
    parts.push(
      any(
        'kind',
        input.kind.map((letter) => `${letter}*`),
      ),
    );
  if (narrowed(input.years)) parts.push(`year_published:[${input.years![0]} TO ${input.years![1]}]`);
  return parts.join(' AND ');
}

function narrowed(years: readonly number[] | null | undefined): boolean {
  return !!years && years.length === 2 && (years[0] !== YEAR_MIN || years[1] !== YEAR_MAX);
}

/** The search page's Advanced tab, prefilled with a query. */
export function advancedSearchPath(query: string): string {
  return `/home?${new URLSearchParams({ tab: 'advanced', query }).toString()}`;
}
