/** Reading text out of the provider's multilingual fields. */
interface LocalizedText {
  text: string;
  lang?: string | undefined;
}

const isEnglish = (lang: unknown) =>
  lang === undefined || (typeof lang === 'string' && lang.toLowerCase() === 'en');

/**
 * The English texts when there are any (a text without a language counts as English: the shared
 * data tags only what it knows), otherwise all of them, so a Chinese-only title is still a title.
 */
export function preferEnglish<T extends LocalizedText>(items: readonly T[] | undefined): T[] {
  if (!items) return [];
  const english = items.filter((item) => isEnglish(item.lang));
  return english.length > 0 ? english : [...items];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys under which claim text sits in the shapes seen so far: Lens `claims[].claims[].claim_text[]`. */
const CLAIM_TEXT_KEYS = ['claims', 'claim_text', 'text'] as const;

function collectClaimText(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => collectClaimText(item, into));
  else if (isObject(value)) {
    // Lens splits one claim's text into fragments ("1. A method, comprising:", "obtaining ...;").
    const fragments = value.claim_text;
    if (Array.isArray(fragments) && fragments.every((fragment) => typeof fragment === 'string'))
      into.push(fragments.join(' '));
    else CLAIM_TEXT_KEYS.forEach((key) => collectClaimText(value[key], into));
  }
}

/**
 * The claims as plain text, one provider claim entry per line (an entry is usually one claim,
 * but some offices put all claims in one entry). The provider's claims come in language groups
 * (`[{ claims: [{ claim_text: [...] }], lang }]`); other exports give plain strings. Whatever the
 * shape, every string found under a claim-text key is kept, English groups first.
 */
export function claimsText(claims: unknown): string {
  const groups = Array.isArray(claims) ? claims : [claims];
  const english = groups.filter((group) => isObject(group) && isEnglish(group.lang));
  const texts: string[] = [];
  collectClaimText(english.length > 0 ? english : groups, texts);
  return texts
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join('\n');
}
