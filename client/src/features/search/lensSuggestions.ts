import {
  COUNTRIES,
  IPC_CLASSES,
  IPC_SECTIONS,
  KIND_CODES,
  KNOWN_FIELDS,
  LEGAL_STATUSES,
  type FieldName,
} from '@patentscout/schema';

/** One suggestion: what it inserts, how it is shown, and what it means. */
export interface LensSuggestion {
  insert: string;
  label: string;
  description: string;
}

/** Suggestions for the text between `from` and `to` (the word at the caret). */
export interface LensSuggestions {
  from: number;
  to: number;
  options: LensSuggestion[];
}

const MOST = 8;

const FIELD_HELP: Partial<Record<FieldName, string>> = {
  title: 'the original title',
  abstract: 'the abstract',
  claim: 'the claims',
  claims: 'the claims',
  full_text: 'title, abstract and claims',
  'inventor.name': 'words of inventor names',
  'applicant.name': 'words of applicant names',
  'owner_all.name': 'words of owner names',
  'inventor.name.exact': 'a whole inventor name',
  'applicant.name.exact': 'a whole applicant name',
  'owner_all.name.exact': 'a whole owner name',
  'class_ipcr.symbol': 'IPC classification, e.g. H01M*',
  'class_cpc.symbol': 'CPC classification',
  jurisdiction: 'country or office, two letters',
  kind: 'kind code, e.g. B*',
  publication_type: 'GRANTED_PATENT, PATENT_APPLICATION, ...',
  'legal_status.patent_status': 'legal status, e.g. ACTIVE',
  lens_id: 'one patent by Lens id',
  doc_number: 'publication number without office or kind',
  ids: 'Lens ids, doc keys and publication numbers',
  date_published: 'publication date or [from TO to]',
  earliest_priority_claim_date: 'earliest priority date',
  year_published: 'publication year or [from TO to]',
};

/** The values a keyword field takes, from the reference data. */
function valuesOf(field: string): LensSuggestion[] {
  switch (field) {
    case 'jurisdiction':
      return COUNTRIES.map((country) => ({
        insert: country.code,
        label: country.code,
        description: country.name,
      }));
    case 'legal_status.patent_status':
      return LEGAL_STATUSES.map((status) => ({
        insert: status.stored,
        label: status.stored,
        description: status.label,
      }));
    case 'kind':
      return KIND_CODES.map((kind) => ({
        insert: `${kind.letter}*`,
        label: `${kind.letter}*`,
        description: kind.description,
      }));
    case 'class_ipcr.symbol':
    case 'class_cpc.symbol':
      return [...IPC_SECTIONS, ...IPC_CLASSES].map((heading) => ({
        insert: `${heading.code}*`,
        label: heading.code,
        description: heading.title,
      }));
    case 'publication_type':
      return [
        { insert: 'GRANTED_PATENT', label: 'GRANTED_PATENT', description: 'Granted patent' },
        { insert: 'PATENT_APPLICATION', label: 'PATENT_APPLICATION', description: 'Patent application' },
      ];
    default:
      return [];
  }
}

/** The field a value at `at` belongs to: `field:` right before it, or an open `field:(` group. */
function fieldAt(text: string, wordStart: number): string | null {
  let depth = 0;
  for (let index = wordStart - 1; index >= 0; index -= 1) {
    const char = text[index];
    if (char === ')') depth += 1;
    else if (char === '(') {
      if (depth === 0) return /([\w.]+):$/.exec(text.slice(0, index))?.[1]?.toLowerCase() ?? null;
      depth -= 1;
    }
  }
  return null;
}

/**
 * What to suggest at the caret of an Advanced search query: field names for a bare word
 * (`abs` -> `abstract:`), and for keyword fields their values from the reference data
 * (countries with their names, legal statuses, kind codes, IPC classes with their titles),
 * matched by code or by name. Nothing inside a quoted phrase.
 */
export function lensSuggestionsAt(text: string, caret: number): LensSuggestions | null {
  const before = text.slice(0, caret);
  if ((before.match(/(?<!\\)"/g)?.length ?? 0) % 2 === 1) return null;
  const wordStart = Math.max(...['(', ' ', '\n', '\t', '"', ')'].map((char) => before.lastIndexOf(char))) + 1;
  const word = before.slice(wordStart);
  const colon = word.indexOf(':');
  if (colon >= 0) {
    const field = word.slice(0, colon).toLowerCase();
    return matching(valuesOf(field), word.slice(colon + 1), wordStart + colon + 1, caret);
  }
  const field = fieldAt(text, wordStart);
  if (field !== null) return matching(valuesOf(field), word, wordStart, caret);
  if (word.length === 0 || /^[+\-!]/.test(word)) return null;
  const fields = KNOWN_FIELDS.map((name) => ({
    insert: `${name}:`,
    label: `${name}:`,
    description: FIELD_HELP[name] ?? '',
  }));
  const found = fields.filter(
    (option) => option.insert.startsWith(word.toLowerCase()) && option.insert !== `${word}:`,
  );
  return found.length === 0 ? null : { from: wordStart, to: caret, options: found.slice(0, MOST) };
}

function matching(values: LensSuggestion[], typed: string, from: number, to: number): LensSuggestions | null {
  const wanted = typed.toLowerCase();
  const byCode = values.filter((option) => option.label.toLowerCase().startsWith(wanted));
  const byName = wanted
    ? values.filter(
        (option) =>
          !byCode.includes(option) &&
          option.description
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .some((part) => part.startsWith(wanted)),
      )
    : [];
  const options = [...byCode, ...byName]
    .filter((option) => option.insert.toLowerCase() !== wanted)
    .slice(0, MOST);
  return options.length === 0 ? null : { from, to, options };
}

/** The text with a suggestion put in place of the word it was for, and the caret after it. */
export function applyLensSuggestion(
  text: string,
  suggestions: Pick<LensSuggestions, 'from' | 'to'>,
  option: LensSuggestion,
): { text: string; caret: number } {
  return {
    text: text.slice(0, suggestions.from) + option.insert + text.slice(suggestions.to),
    caret: suggestions.from + option.insert.length,
  };
}
