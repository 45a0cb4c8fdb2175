/** Calendar arithmetic on YYYY-MM-DD strings, in UTC so that no time zone shifts a date. */
const DAY_MS = 86_400_000;

export function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return isoDateOfDay(dayNumber(isoDate) + days);
}

/** Same month and day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(isoDate: string, years: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year + years, month - 1, day));
  if (shifted.getUTCDate() !== day) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

export function yearOf(isoDate: string): number {
  return Number(isoDate.slice(0, 4));
}

export function yearsBetween(fromIsoDate: string, toIsoDate: string): number {
  return (dayNumber(toIsoDate) - dayNumber(fromIsoDate)) / 365.25;
}
