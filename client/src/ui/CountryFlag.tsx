/** The flag-icons SVGs (4:3), bundled as files and loaded only when a flag is shown. */
// NOTE: no-inline keeps ~270 small SVGs out of the script as data addresses.
const FLAG_URLS = import.meta.glob<string>('../../../node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

/** Patent offices and historic codes that have no country flag of their own. */
const OFFICE_FLAGS: Record<string, string> = {
  EP: 'eu',
  EU: 'eu',
  WO: 'un',
  EA: 'xx',
  AP: 'xx',
  OA: 'xx',
  GC: 'arab',
};

/** The SVG address of a two-letter code's flag; the neutral flag for codes without one. */
export function flagUrl(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  const file = OFFICE_FLAGS[upper] ?? upper.toLowerCase();
  const url = FLAG_URLS[`../../../node_modules/flag-icons/flags/4x3/${file}.svg`];
  return url ?? FLAG_URLS['../../../node_modules/flag-icons/flags/4x3/xx.svg'];
}

/** A country's or office's flag as an image, its name (and code) as the text alternative. */
export function CountryFlag({ code, name }: { code: string; name?: string }) {
  const label = name ? `${name} (${code})` : code;
  return (
    <img
      src={flagUrl(code)}
      alt={label}
      title={label}
      width={20}
      height={15}
      className="country-flag me-1 align-baseline"
      loading="lazy"
    />
  );
}
