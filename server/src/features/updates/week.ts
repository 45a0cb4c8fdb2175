/** One digest week: the 7 days before its boundary, `[start, end)`, named by its Sunday. */
export interface DigestWeek {
  start: Date;
  end: Date;
  /** The week's Sunday, YYYY-MM-DD: the digest's idempotency key and what the account page shows. */
  sunday: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The week a digest sent at `now` covers (SPEC-NOTES: weeks end on Sunday; the most recent week
 * boundary is the latest Sunday on or before today, UTC): the seven days ending with that Sunday.
 */
export function digestWeek(now: Date): DigestWeek {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sunday = today - new Date(today).getUTCDay() * DAY_MS;
  const end = new Date(sunday + DAY_MS);
  return {
    start: new Date(end.getTime() - 7 * DAY_MS),
    end,
    sunday: new Date(sunday).toISOString().slice(0, 10),
  };
}
