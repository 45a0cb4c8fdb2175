/** Offices and historic codes that have no regional-indicator flag of their own. */
const SPECIAL_FLAGS: Record<string, string> = {
  EP: '🇪🇺',
  EU: '🇪🇺',
  WO: '🌐',
  EA: '🌍',
  AP: '🌍',
  OA: '🌍',
  GC: '🌍',
  YU: '🏳️',
  SU: '🏳️',
  DD: '🏳️',
  CS: '🏳️',
};

/** The emoji flag for a two-letter code, built from Unicode regional indicators. */
export function flagEmoji(code: string): string {
  const upper = code.trim().toUpperCase();
  const special = SPECIAL_FLAGS[upper];
  if (special) return special;
  if (!/^[A-Z]{2}$/.test(upper)) return '🏳️';
  return String.fromCodePoint(...[...upper].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

export function CountryFlag({ code, name }: { code: string; name?: string }) {
  const label = name ? `${name} (${code})` : code;
  return (
    <span role="img" aria-label={label} title={label} className="me-1">
      {flagEmoji(code)}
    </span>
  );
}
