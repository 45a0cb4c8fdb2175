/**
 * Turns a provider title ("METHOD AND APPARATUS FOR CONTROLLING A UAV") into a plain-language
 * one ("Controlling a UAV"): legal boilerplate removed, sentence case, at most 80 characters.
 */
export const PLAIN_TITLE_MAX_LENGTH = 80;

/** Nouns that patent drafters stack in front of the subject: "system, method and apparatus". */
const BOILERPLATE_NOUNS = new Set([
  'method',
  'methods',
  'system',
  'systems',
  'apparatus',
  'apparatuses',
  'device',
  'devices',
  'process',
  'processes',
  'composition',
  'compositions',
  'arrangement',
  'arrangements',
  'assembly',
  'assemblies',
  'kit',
  'kits',
  'technique',
  'techniques',
  'medium',
  'media',
  'product',
  'products',
  'means',
]);
const BOILERPLATE_MODIFIERS = new Set([
  'computer',
  'program',
  'computer-readable',
  'readable',
  'non-transitory',
  'storage',
  'a',
  'an',
  'the',
]);
const CONNECTORS = new Set(['and', 'or', 'and/or', '&', ',']);
const LEAD_INS = new Set(['for', 'of', 'to', 'in', 'using']);

/** "... and method of manufacturing the same", "... and preparation method thereof". */
const TRAILING_BOILERPLATE = [
  /\s+and\s+(?:an?\s+)?(?:method|process)s?\s+(?:of|for)\s+\w+ing\s+(?:the\s+)?same$/i,
  /\s+and\s+(?:\w+\s+)?(?:method|process)s?\s+thereof$/i,
  /\s+and\s+(?:methods?\s+of\s+)?uses?\s+thereof$/i,
];

const KNOWN_ACRONYMS = new Set([
  'AI',
  'API',
  'ATM',
  'CMOS',
  'CPU',
  'CRISPR',
  'CT',
  'DNA',
  'DRAM',
  'ECG',
  'EEG',
  'EV',
  'EVS',
  'GNSS',
  'GPS',
  'GPU',
  'GSM',
  'HIV',
  'HVAC',
  'IC',
  'IOT',
  'IR',
  'LAN',
  'LCD',
  'LED',
  'LEDS',
  'LIDAR',
  'LTE',
  'MIMO',
  'MOSFET',
  'MRI',
  'NFC',
  'OFDM',
  'OLED',
  'PCB',
  'PCR',
  'PV',
  'QR',
  'RF',
  'RFID',
  'RNA',
  'SIM',
  'SMS',
  'SRAM',
  'TV',
  'UAV',
  'UAVS',
  'USB',
  'UV',
  'VR',
  'WLAN',
]);
const TRAILING_FILLERS = new Set([
  'a',
  'an',
  'and',
  'or',
  'of',
  'for',
  'with',
  'the',
  'to',
  'in',
  'on',
  'by',
  'from',
  'comprising',
  'having',
  'wherein',
  'which',
  'that',
]);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Drops "System, method and computer program product for" when two or more such nouns lead. */
function withoutLeadingBoilerplate(title: string): string {
  const tokens = title.replace(/,/g, ' , ').split(/\s+/).filter(Boolean);
  let nouns = 0;
  let index = 0;
  for (; index < tokens.length; index += 1) {
    const token = (tokens[index] ?? '').toLowerCase();
    const next = (tokens[index + 1] ?? '').toLowerCase();
    if (BOILERPLATE_NOUNS.has(token)) nouns += 1;
    // "method of and system for": here "of" joins two nouns rather than leading in.
    else if (token === 'of' && CONNECTORS.has(next)) continue;
    else if (!BOILERPLATE_MODIFIERS.has(token) && !CONNECTORS.has(token)) break;
  }
  const leadIn = (tokens[index] ?? '').toLowerCase();
  if (nouns < 2 || !LEAD_INS.has(leadIn)) return title;
  const rest = tokens
    .slice(index + 1)
    .join(' ')
    .replace(/\s+,/g, ',')
    .replace(/^the\s+/i, '');
  return rest === '' ? title : rest;
}

function sentenceCase(title: string): string {
  const allCaps = title === title.toUpperCase();
  return title
    .split(' ')
    .map((word, index) => {
      const bare = word.replace(/[^\p{L}\p{N}]/gu, '');
      // In a title written all in capitals, acronyms are told apart by a list and by having no vowel (HTT).
      const acronym = allCaps
        ? KNOWN_ACRONYMS.has(bare) || (bare.length > 1 && !/[AEIOUY]/.test(bare))
        : /\p{Lu}.*\p{Lu}/u.test(bare);
      const keep = /\d/.test(bare) || acronym;
      const cased = keep ? word : word.toLowerCase();
      return index === 0 ? capitalize(cased) : cased;
    })
    .join(' ');
}

/** Cuts at the last word boundary within the limit and drops words left dangling at the end. */
function shortened(title: string, maxLength: number): string {
  let words = title.split(' ');
  if (title.length > maxLength) {
    const cut = title.slice(0, maxLength + 1);
    words = cut.slice(0, Math.max(cut.lastIndexOf(' '), 0) || maxLength).split(' ');
  }
  while (words.length > 1 && TRAILING_FILLERS.has((words.at(-1) ?? '').toLowerCase().replace(/[,;:]$/, '')))
    words.pop();
  return words.join(' ').replace(/[\s,;:.-]+$/, '');
}

export function plainTitle(providerTitle: string, maxLength = PLAIN_TITLE_MAX_LENGTH): string {
  let title = providerTitle
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.;:]+$/, '');
  for (const pattern of TRAILING_BOILERPLATE) title = title.replace(pattern, '');
  title = withoutLeadingBoilerplate(title);
  return capitalize(shortened(sentenceCase(title), maxLength));
}
