/**
 * Publication kind codes by their letter (WIPO ST.16). Offices add a digit for the publication
 * level (`A1`, `B2`), so a kind is described by its first letter.
 */
export const KIND_CODES = [
  { letter: 'A', description: 'Patent application' },
  { letter: 'B', description: 'Granted patent' },
  { letter: 'C', description: 'Corrected publication' },
  { letter: 'D', description: 'Design' },
  { letter: 'E', description: 'Reissued patent or translation' },
  { letter: 'F', description: 'Re-examination certificate' },
  { letter: 'G', description: 'Search report' },
  { letter: 'H', description: 'Partial withdrawal' },
  { letter: 'P', description: 'Provisional application' },
  { letter: 'Q', description: 'Importation or confirmatory patent' },
  { letter: 'R', description: 'Patent of improvement' },
  { letter: 'S', description: 'Industrial design or utility model' },
  { letter: 'T', description: 'Translation of a European patent' },
  { letter: 'U', description: 'Utility model' },
  { letter: 'Y', description: 'Granted utility model' },
  { letter: 'Z', description: 'Utility model correction' },
] as const;

const DESCRIPTION_BY_LETTER = new Map<string, string>(
  KIND_CODES.map((kind) => [kind.letter, kind.description]),
);

/** `describeKind('B1')` gives 'Granted patent'; an unknown or empty kind gives undefined. */
export function describeKind(kind: string | null | undefined): string | undefined {
  const letter = kind?.trim().charAt(0).toUpperCase();
  return letter ? DESCRIPTION_BY_LETTER.get(letter) : undefined;
}
