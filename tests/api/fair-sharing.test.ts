import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCorpus } from '@patentscout/indexer/demo-corpus';
import { createEmulatorUser } from '@patentscout/server/testing/emulator-users';
import { givePaidPlan } from '@patentscout/server/testing/plans';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { abuse, probe, WORST_ACCEPTED_QUERIES } from '../fairness/abuse.js';

/**
 * Fair sharing under abuse (ADR 0112): one user sends the worst accepted queries twelve at a time;
 * each user searches two at once and queues four, so the rest are refused (after a pause of a
 * second, ADR 0126), and /healthz and another user's searches keep answering. The bound asserted here is loose on purpose (two
 * shared cores); `npm run bench:fairness` measures the ratio to idle.
 */
const PATENTS = 5_000;
const PARALLEL = 12;

let app: TestApp;
let abuser: string;
let other: string;

beforeAll(async () => {
  app = await startTestApp();
  await ensureDemoCorpus({ db: app.database.db, count: PATENTS });
  await sql`ANALYZE`.execute(app.database.db);
  const [a, b] = await Promise.all([
    createEmulatorUser({ verified: true }),
    createEmulatorUser({ verified: true }),
  ]);
  await app.database.db
    .insertInto('users')
    .values([
      { uid: a.uid, email: a.email, name: 'Abe' },
      { uid: b.uid, email: b.email, name: 'Oti' },
    ])
    .execute();
  await Promise.all([a, b].map((user) => givePaidPlan(app.database.db, user.uid)));
  [abuser, other] = [a.idToken, b.idToken];
}, 300_000);
afterAll(() => app?.close());

describe('fair sharing', () => {
  it("keeps /healthz and another user's searches answering while one user floods the worst accepted queries", async () => {
    const idle = await probe(app.baseUrl, other, 10);
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const flood = abuse(app.baseUrl, abuser, PARALLEL, stopped);
    const busy = await probe(app.baseUrl, other, 10);
    stop();
    const abuserStatuses = await flood;
    console.log(
      `fair sharing: healthz p95 ${idle.health.p95.toFixed(0)} -> ${busy.health.p95.toFixed(0)} ms, ` +
        `other user's search p95 ${idle.searches.p95.toFixed(0)} -> ${busy.searches.p95.toFixed(0)} ms; ` +
        `abuser: ${[...abuserStatuses].map(([status, count]) => `${status}: ${count}`).join(', ')}`,
    );
    // The other user was never refused nor failed.
    expect([...idle.statuses, ...busy.statuses].every((status) => status === 200)).toBe(true);
    // The abuser was held to its turns: refused with 429 beyond them, and never a 5xx.
    expect(abuserStatuses.get(429) ?? 0).toBeGreaterThan(0);
    expect([...abuserStatuses.keys()].every((status) => status < 500)).toBe(true);
    // Loose bounds (the benchmark measures the ratio): nothing waits for the abuser's queue.
    expect(busy.health.p95).toBeLessThan(Math.max(1000, idle.health.p95 * 10));
    expect(busy.searches.p95).toBeLessThan(Math.max(5000, idle.searches.p95 * 10));
  }, 180_000);

  it('answers a search beyond the turns after a pause, asking to retry after a second', async () => {
    // A user of its own: the flood above may have used the abuser's searches of this minute.
    const user = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: user.uid, email: user.email, name: 'Wave' })
      .execute();
    await givePaidPlan(app.database.db, user.uid);
    const wave = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, n) => {
        const started = performance.now();
        const response = await fetch(`${app.baseUrl}/api/v1/boolean-search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` },
          body: JSON.stringify({
            query: WORST_ACCEPTED_QUERIES[n % WORST_ACCEPTED_QUERIES.length]!(10_000 + n),
          }),
        });
        const body = (await response.json()) as { code?: string };
        return {
          status: response.status,
          code: body.code,
          retryAfter: response.headers.get('retry-after'),
          ms: performance.now() - started,
        };
      }),
    );
    const refused = wave.filter((answer) => answer.status === 429);
    // Twelve at once against two turns and four places in the queue: some are refused.
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer).toMatchObject({ code: 'SEARCHES_IN_PROGRESS', retryAfter: '1' });
      // Answered after the pause, so a client that retries at once asks once a second.
      expect(answer.ms).toBeGreaterThanOrEqual(950);
    }
    expect(
      wave.filter((answer) => answer.status !== 429).every((answer) => [200, 422].includes(answer.status)),
    ).toBe(true);
  }, 60_000);
});
