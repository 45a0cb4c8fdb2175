const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' (or a longer ISO string) as 'D MMM YYYY', e.g. '7 Mar 2019'; read without time zones so the day never shifts. */
export function formatDate(iso: string | null | undefined): string | undefined {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  if (!match) return undefined;
  const [, year, month, day] = match;
  const monthName = MONTHS[Number(month) - 1];
  if (!monthName) return undefined;
  return `${Number(day)} ${monthName} ${year}`;
}

/** Cuts long text at a limit, ending with an ellipsis when something was cut. */
export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

/** A publication's number as offices write it: `EP 1234567 A1`. */
export function documentNumber(reference: {
  jurisdiction: string;
  doc_number: string;
  kind: string;
}): string {
  return [reference.jurisdiction, reference.doc_number, reference.kind].filter(Boolean).join(' ');
}

/** A count with its noun, singular for one: `1 patent`, `2 patents`, `3 families` (plural given). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}
