import {
  COUNTRIES,
  COUNTRY_GROUPS,
  PINNED_COUNTRY_CODES,
  countryName as schemaCountryName,
} from '@patentscout/schema';

/** The display name of an office or country code; the code itself when it is not listed. */
export function countryName(code: string): string {
  return schemaCountryName(code) ?? code.toUpperCase();
}

export interface CountryOption {
  /** Stable key for the checkbox. */
  key: string;
  label: string;
  /** Jurisdiction codes a tick selects. */
  codes: readonly string[];
}

const GROUPED = new Set<string>(COUNTRY_GROUPS.flatMap((group) => group.codes));
const PINNED = new Set<string>(PINNED_COUNTRY_CODES);

const pinned: CountryOption[] = PINNED_COUNTRY_CODES.map((code) => ({
  key: code,
  label: countryName(code),
  codes: [code],
}));
// Grouped codes (the former Yugoslavia) are one choice that selects all of its codes together.
const rest: CountryOption[] = [
  ...COUNTRIES.filter((country) => !PINNED.has(country.code) && !GROUPED.has(country.code)).map(
    (country) => ({
      key: country.code,
      label: country.name,
      codes: [country.code],
    }),
  ),
  ...COUNTRY_GROUPS.map((group) => ({ key: group.codes.join('-'), label: group.label, codes: group.codes })),
].sort((a, b) => a.label.localeCompare(b.label, 'en'));

/** Pinned offices first, then everything else by name. */
export const COUNTRY_OPTIONS: readonly CountryOption[] = [...pinned, ...rest];
export const PINNED_COUNT = pinned.length;

/** The jurisdiction codes for a set of ticked options. */
export function jurisdictionsFor(optionKeys: readonly string[]): string[] {
  return COUNTRY_OPTIONS.filter((option) => optionKeys.includes(option.key)).flatMap(
    (option) => option.codes,
  );
}
