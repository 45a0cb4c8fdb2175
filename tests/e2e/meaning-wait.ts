import { expect } from '@playwright/test';
import { sql } from './e2e-db.js';

/** The app's meaning job derives the corpus's vectors within a minute or two of its start. */
export async function waitForMeaning(): Promise<void> {
  await expect
    .poll(
      async () =>
        (await sql<{ patents: number }>('SELECT count(*)::int AS patents FROM patent_vectors'))[0]!.patents,
      {
        timeout: 240_000,
        intervals: [2_000],
        message: 'the meaning job derives the patent vectors',
      },
    )
    .toBeGreaterThan(0);
}
