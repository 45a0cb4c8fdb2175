/**
 * Patent offices and countries of the country filter, by two-letter code (ISO 3166 for
 * countries, WIPO ST.3 for regional offices and former states). The fourteen major offices come
 * first in a fixed order; the rest follow sorted by name.
 */
export interface Country {
  code: string;
  name: string;
}

export const PINNED_COUNTRY_CODES = [
  'AU',
  'CN',
  'JP',
  'US',
  'EP',
  'DE',
  'KR',
  'WO',
  'GB',
  'FR',
  'CA',
  'TW',
  'IL',
  'NL',
] as const;

const PINNED: readonly Country[] = [
  { code: 'AU', name: 'Australia' },
  { code: 'CN', name: 'China' },
  { code: 'JP', name: 'Japan' },
  { code: 'US', name: 'United States' },
  { code: 'EP', name: 'European Patent Office' },
  { code: 'DE', name: 'Germany' },
  { code: 'KR', name: 'South Korea' },
  { code: 'WO', name: 'WIPO (PCT)' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'FR', name: 'France' },
  { code: 'CA', name: 'Canada' },
  { code: 'TW', name: 'Taiwan' },
  { code: 'IL', name: 'Israel' },
  { code: 'NL', name: 'Netherlands' },
];

const OTHERS: readonly Country[] = [
  { code: 'AP', name: 'African Regional Intellectual Property Organization (ARIPO)' },
  { code: 'OA', name: 'African Intellectual Property Organization (OAPI)' },
  { code: 'AR', name: 'Argentina' },
  { code: 'AM', name: 'Armenia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BY', name: 'Belarus' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BA', name: 'Bosnia and Herzegovina' },
  { code: 'BR', name: 'Brazil' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'CL', name: 'Chile' },
  { code: 'CO', name: 'Colombia' },
  { code: 'CR', name: 'Costa Rica' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CU', name: 'Cuba' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'CZ', name: 'Czech Republic' },
  { code: 'CS', name: 'Czechoslovakia' },
  { code: 'DK', name: 'Denmark' },
  { code: 'DO', name: 'Dominican Republic' },
  { code: 'DD', name: 'East Germany' },
  { code: 'EC', name: 'Ecuador' },
  { code: 'EG', name: 'Egypt' },
  { code: 'SV', name: 'El Salvador' },
  { code: 'EE', name: 'Estonia' },
  { code: 'EA', name: 'Eurasian Patent Organization' },
  { code: 'FI', name: 'Finland' },
  { code: 'GE', name: 'Georgia' },
  { code: 'GR', name: 'Greece' },
  { code: 'GT', name: 'Guatemala' },
  { code: 'GC', name: 'Gulf Cooperation Council' },
  { code: 'HN', name: 'Honduras' },
  { code: 'HK', name: 'Hong Kong' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IS', name: 'Iceland' },
  { code: 'IN', name: 'India' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'JO', name: 'Jordan' },
  { code: 'KZ', name: 'Kazakhstan' },
  { code: 'KE', name: 'Kenya' },
  { code: 'KG', name: 'Kyrgyzstan' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MO', name: 'Macao' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'MT', name: 'Malta' },
  { code: 'MX', name: 'Mexico' },
  { code: 'MD', name: 'Moldova' },
  { code: 'MC', name: 'Monaco' },
  { code: 'MN', name: 'Mongolia' },
  { code: 'ME', name: 'Montenegro' },
  { code: 'MA', name: 'Morocco' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'NI', name: 'Nicaragua' },
  { code: 'MK', name: 'North Macedonia' },
  { code: 'NO', name: 'Norway' },
  { code: 'PK', name: 'Pakistan' },
  { code: 'PA', name: 'Panama' },
  { code: 'PE', name: 'Peru' },
  { code: 'PH', name: 'Philippines' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'RU', name: 'Russia' },
  { code: 'SA', name: 'Saudi Arabia' },
  { code: 'RS', name: 'Serbia' },
  { code: 'SG', name: 'Singapore' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'SU', name: 'Soviet Union' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'TJ', name: 'Tajikistan' },
  { code: 'TH', name: 'Thailand' },
  { code: 'TT', name: 'Trinidad and Tobago' },
  { code: 'TN', name: 'Tunisia' },
  { code: 'TR', name: 'Turkey' },
  { code: 'UA', name: 'Ukraine' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'UY', name: 'Uruguay' },
  { code: 'UZ', name: 'Uzbekistan' },
  { code: 'VN', name: 'Vietnam' },
  { code: 'YU', name: 'Yugoslavia' },
];

export const COUNTRIES: readonly Country[] = [
  ...PINNED,
  ...[...OTHERS].sort((a, b) => a.name.localeCompare(b.name, 'en')),
];

/**
 * Codes the filter treats as one choice. Publications of the former Yugoslavia and of Serbia and
 * Montenegro are filed under YU, RS and ME depending on their date, so one tick selects all three.
 */
export const COUNTRY_GROUPS = [
  { label: 'Yugoslavia / Serbia and Montenegro', codes: ['YU', 'ME', 'RS'] },
] as const;

const COUNTRY_BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

export function countryName(code: string): string | undefined {
  return COUNTRY_BY_CODE.get(code.toUpperCase())?.name;
}

/** Completes a selection of codes with the other members of any group one of them belongs to. */
export function expandCountrySelection(codes: readonly string[]): string[] {
  const selected = new Set(codes);
  for (const group of COUNTRY_GROUPS) {
    if (group.codes.some((code) => selected.has(code))) group.codes.forEach((code) => selected.add(code));
  }
  return [...selected];
}
