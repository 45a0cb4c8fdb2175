import { LEGAL_STATUSES, toStoredPatentStatus } from '../legal-statuses.js';
import type { LensPublicationType } from '../lens-record.js';
import { countryName } from '../reference/countries.js';
import { INDUSTRIES } from '../reference/industries.js';
import { KIND_CODES } from '../reference/kind-codes.js';

/**
 * A filter whose value is a list of codes: `jurisdiction=AU,NZ` in the results page's address,
 * `["AU", "NZ"]` in a search request.
 */
export interface ListFilterTerm {
  format: 'list';
  /** Its name on the results page's filter tags and in words ("Countries"). */
  label: string;
  /** A value read from an address, normalised; null drops a value this filter cannot have. */
  read(value: string): string | null;
  /** The values in words, as the tags show them. */
  describe(values: readonly string[]): string[];
  /** The filter in the Lens query syntax, or null where the syntax cannot say it exactly. */
  lensClause(values: readonly string[]): string | null;
}

/** The publication years `[from, to]`: `years=2010,2020`, left out when it is the whole range. */
export interface YearRangeFilterTerm {
  format: 'yearRange';
  label: string;
}

export type FilterTerm = ListFilterTerm | YearRangeFilterTerm;

/** `field:value`, or `field:(a OR b)` for several values. */
const anyOf = (field: string, values: readonly string[]) =>
  values.length === 1 ? `${field}:${values[0]}` : `${field}:(${values.join(' OR ')})`;

/** The provider's publication types in words, as the filter panel offers them and tags read them. */
export const PUBLICATION_TYPE_LABELS: Record<LensPublicationType, string> = {
  GRANTED_PATENT: 'Granted patents',
  PATENT_APPLICATION: 'Applications',
  LIMITED_PATENT: 'Limited patents',
  DESIGN_RIGHT: 'Design rights',
  SEARCH_REPORT: 'Search reports',
  AMBIGUOUS: 'Ambiguous',
  UNKNOWN: 'Unknown',
};
const PUBLICATION_TYPES = new Map<string, string>(Object.entries(PUBLICATION_TYPE_LABELS));
const LEGAL_STATUS_VALUES = new Set<string>(LEGAL_STATUSES.map((status) => status.value));
const KIND_DESCRIPTIONS = new Map<string, string>(KIND_CODES.map((kind) => [kind.letter, kind.description]));

/**
 * THE SEARCH VOCABULARY: every filter a search request may carry, by its one name (the REST
 * body's and GraphQL `SearchInput`'s field, and the results page's address parameter), with how
 * an address writes it and how people read it. The browser and the server build and read
 * addresses, tags and descriptions from this list only (address.ts, describe.ts); the engine's
 * definition of each filter (validation and SQL) is keyed by the same names, and a test checks
 * that the SDL's inputs name the same fields. In the order addresses and tags list them.
 */
export const SEARCH_FILTER_TERMS = {
  /** IPC code prefixes (an industry category sends its codes); matched on the first IPC symbol. */
  ipc_filters: {
    format: 'list',
    label: 'Categories',
    read: (value) => value.toUpperCase(),
    describe(codes) {
      const present = new Set(codes);
      const categories = INDUSTRIES.filter((industry) =>
        industry.ipcCodes.every((code) => present.has(code)),
      );
      const covered = new Set<string>(categories.flatMap((industry) => industry.ipcCodes));
      return [...categories.map((industry) => industry.label), ...codes.filter((code) => !covered.has(code))];
    },
    // The syntax has no "first IPC symbol".
    lensClause: () => null,
  },
  /** The specification's lower-case legal statuses (`withdrawn or rejected` included). */
  legal_status: {
    format: 'list',
    label: 'Legal Statuses',
    read: (value) => (LEGAL_STATUS_VALUES.has(value.toLowerCase()) ? value.toLowerCase() : null),
    describe: (values) =>
      values.map((value) => LEGAL_STATUSES.find((status) => status.value === value)?.label ?? value),
    lensClause(values) {
      const stored = values.flatMap((value) => toStoredPatentStatus(value) ?? []);
      return stored.length > 0 ? anyOf('legal_status.patent_status', stored) : null;
    },
  },
  /** Two-letter country or office codes. */
  jurisdiction: {
    format: 'list',
    label: 'Countries',
    read: (value) => value.toUpperCase(),
    describe: (codes) => codes.map((code) => countryName(code) ?? code),
    lensClause: (codes) => anyOf('jurisdiction', codes),
  },
  /** Kind-code letters (WIPO ST.16): a publication matches when its kind starts with one. */
  kind: {
    format: 'list',
    label: 'Kind codes',
    read: (value) => (KIND_DESCRIPTIONS.has(value.toUpperCase()) ? value.toUpperCase() : null),
    describe: (letters) =>
      letters.map((letter) => `${letter} (${KIND_DESCRIPTIONS.get(letter)?.toLowerCase() ?? 'unknown'})`),
    lensClause: (letters) =>
      anyOf(
        'kind',
        letters.map((letter) => `${letter}*`),
      ),
  },
  /** The provider's publication types (`LENS_PUBLICATION_TYPES`): granted patents, applications, ... */
  publication_type: {
    format: 'list',
    label: 'Document types',
    read: (value) => (PUBLICATION_TYPES.has(value.toUpperCase()) ? value.toUpperCase() : null),
    describe: (types) => types.map((type) => PUBLICATION_TYPES.get(type) ?? type),
    lensClause: (types) => anyOf('publication_type', types),
  },
  years: { format: 'yearRange', label: 'Years' },
} as const satisfies Record<string, FilterTerm>;
