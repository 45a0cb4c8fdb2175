import { resultsPath } from '../search';

function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Weeks end on Sunday: the latest Sunday on or before the given day. */
export function sundayOnOrBefore(day: Date): Date {
  const sunday = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  sunday.setDate(sunday.getDate() - sunday.getDay());
  return sunday;
}

export interface DateWindow {
  from: string;
  to: string;
}

/** From a fixed start to the most recent week boundary. */
export function windowSince(start: string, today: Date): DateWindow {
  return { from: start, to: isoDate(sundayOnOrBefore(today)) };
}

/** Six months back, aligned to the Sunday on or before that day, up to the most recent week boundary. */
export function sixMonthWindow(today: Date): DateWindow {
  const sixMonthsAgo = new Date(today.getFullYear(), today.getMonth() - 6, today.getDate());
  return { from: isoDate(sundayOnOrBefore(sixMonthsAgo)), to: isoDate(sundayOnOrBefore(today)) };
}

/** An applicant search over a date window, as an advanced (boolean) search with advanced configuration. */
export function applicantSearchPath(names: readonly string[], window: DateWindow): string {
  const applicants = names.map((name) => `"${name.replace(/"/g, '\\"')}"`).join(' OR ');
  const query = `applicant.name:(${applicants}) AND date_published:[${window.from} TO ${window.to}]`;
  const years = [Number(window.from.slice(0, 4)), Number(window.to.slice(0, 4))];
  return resultsPath('boolean', { query, years }, { sanitiseSearch: false });
}
