import { QuerySyntaxError } from './errors.js';

const FULL_DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;
const YEAR = /^\d{4}$/;

/**
 * Reads a date as users write it (2015-01-31, 20150131 or 2015). A bare year stands for its
 * first day as a lower bound and its last day as an upper bound.
 */
export function parseDateBound(text: string, side: 'from' | 'to', position: number): string {
  const value = text.trim();
  if (YEAR.test(value)) return side === 'from' ? `${value}-01-01` : `${value}-12-31`;
  const match = FULL_DATE.exec(value);
  if (match) {
    const [, year, month, day] = match;
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day))
      return `${year}-${month}-${day}`;
  }
  throw new QuerySyntaxError(
    `"${value}" is not a date; write dates as YYYY-MM-DD, YYYYMMDD or YYYY.`,
    position,
  );
}

export function parseYear(text: string, position: number): number {
  const value = text.trim();
  if (!YEAR.test(value))
    throw new QuerySyntaxError(`"${value}" is not a year; write four digits, such as 2015.`, position);
  return Number(value);
}
