import fc from 'fast-check';
import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as clientDocuments from '../../client/src/__generated__/graphql.js';
import { createEmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { graphqlRequests, restRequests, type FuzzRequest } from '../fuzz/arbitraries.js';
import { givePaidPlan } from '@patentscout/server/testing/plans';

/**
 * Generated requests against every REST route and GraphQL operation of the running server (over
 * POST and GET, with costly query shapes and variables of the wrong type): none may answer 5xx or
 * INTERNAL, nor take more than 5 seconds, requests unrelated to the fuzzing (/healthz, another
 * user's searches) must keep answering fast meanwhile, and the server's memory must stay put.
 * `npm test` runs a short version; `npm run fuzz` runs 20,000 cases (FUZZ_CASES).
 */
const CASES = Number(process.env.FUZZ_CASES ?? 600);
const TIMEOUT_MS = 5000;
/**
 * The slowest unrelated request allowed: the goal, 1 s, in the long run; 3 s in `npm test`'s short
 * run, which shares two cores with the other checks (the long run's figure is in docs/benchmarks.md).
 */
const UNRELATED_LIMIT_MS = process.env.FUZZ_CASES ? 1000 : 3000;
/**
 * Heap growth allowed from the end of the first quarter to the end, each measured after a forced
 * collection: a leak of one kilobyte a request would pass it within the long run's 20,000 cases.
 */
const HEAP_GROWTH_LIMIT_MB = 15;

/** Operations the client does not send, so that every schema field is reached. */
const EXTRA_OPERATIONS = [
  'mutation R($input: RegisterInput!) { register(input: $input) { uid } }',
  'mutation U($token: String!) { unsubscribeWithToken(token: $token) { removed } }',
  'query P($lensId: ID!) { patent(lensId: $lensId) { data { lens_id } } }',
  '{ ok }',
];

let app: TestApp;
let tokens: string[];
let bystander: string;

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(
    app.database.db,
    Array.from({ length: 30 }, (_, n) =>
      patentRow({ title: `SOLAR PANEL ROBOT ${n}`, abstract: `A robot cleans solar panels, variant ${n}.` }),
    ),
  );
  const users = await Promise.all([
    createEmulatorUser({ verified: true }),
    createEmulatorUser({ verified: false }),
    createEmulatorUser({ verified: true }),
  ]);
  await app.database.db
    .insertInto('users')
    .values(
      users.map((user) => ({
        uid: user.uid,
        email: user.email,
        name: 'Fuzz',
      })),
    )
    .execute();
  for (const user of users) await givePaidPlan(app.database.db, user.uid);
  // The verified user is also an analyst, and its API key is a token too: the analytics and
  // landscapes get fuzzed past their gate.
  const analystKey = await app.services.analytics.keys.create({ email: users[0]!.email });
  // The third user is a bystander: its searches are timed while the others are fuzzed.
  bystander = users[2]!.idToken;
  tokens = [users[0]!.idToken, users[1]!.idToken, analystKey.key];
}, 120_000);
afterAll(() => app.close());

async function send(
  request: FuzzRequest,
): Promise<{ status: number; ms: number; internal: boolean; text: string }> {
  const started = performance.now();
  const response = await fetch(`${app.baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  // An input error answered as the server's own fault, whatever the status.
  const internal = /"code":"INTERNAL(_SERVER_ERROR)?"/.test(text);
  return { status: response.status, ms: performance.now() - started, internal, text };
}

/**
 * Requests unrelated to the fuzzing, timed one after another until `stop`: /healthz, and every
 * fifth round the bystander's advanced search (a new one each time, so that it is searched).
 */
async function timeUnrelated(stop: {
  stopped: boolean;
}): Promise<{ ms: number; what: string; p99: number; count: number }> {
  let slowest = { ms: 0, what: '' };
  const times: number[] = [];
  for (let round = 0; !stop.stopped; round += 1) {
    const search = round % 5 === 4;
    const started = performance.now();
    const response = search
      ? await fetch(`${app.baseUrl}/api/v1/boolean-search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${bystander}` },
          body: JSON.stringify({ query: `solar AND robot NOT title:zz${round}` }),
        })
      : await fetch(`${app.baseUrl}/healthz`);
    await response.arrayBuffer();
    const ms = performance.now() - started;
    times.push(ms);
    if (response.status !== 200) throw new Error(`unrelated request answered ${response.status}`);
    if (ms > slowest.ms) slowest = { ms, what: search ? "the bystander's search" : '/healthz' };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  times.sort((a, b) => a - b);
  const p99 = times[Math.max(0, Math.ceil(times.length * 0.99) - 1)] ?? 0;
  return { ...slowest, p99, count: times.length };
}

const heapMb = () => {
  if (typeof globalThis.gc !== 'function')
    throw new Error('The fuzz suite needs node --expose-gc (vitest.config.ts).');
  globalThis.gc();
  return process.memoryUsage().heapUsed / 1_048_576;
};

describe('fuzzing the API', () => {
  it(
    `answers ${CASES} generated requests without a 5xx or a hang, with stable memory`,
    async () => {
      const operations = [
        ...Object.values(clientDocuments)
          .filter(
            (value): value is DocumentNode =>
              typeof value === 'object' &&
              value !== null &&
              (value as DocumentNode).kind === 'Document' &&
              (value as DocumentNode).definitions.some(
                (definition) => definition.kind === 'OperationDefinition',
              ),
          )
          .map((document) => print(document)),
        ...EXTRA_OPERATIONS,
      ];
      const requests = fc.oneof(restRequests(app.restRoutes, tokens), graphqlRequests(operations, tokens));
      const statuses = new Map<number, number>();
      let slowest = { ms: 0, request: '' };
      const stop = { stopped: false };
      const unrelated = timeUnrelated(stop);
      // Its failure is read after the run; until then it is not an unhandled rejection.
      unrelated.catch(() => undefined);
      // Caches (compiled operations, verified tokens) fill in the first quarter: from there on,
      // the heap after a forced collection must stay put.
      let runs = 0;
      let heapWarm = heapMb();

      try {
        await fc.assert(
          fc.asyncProperty(requests, async (request) => {
            runs += 1;
            if (runs === Math.ceil(CASES / 4)) heapWarm = heapMb();
            const { status, ms, internal, text } = await send(request);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (ms > slowest.ms)
              slowest = {
                ms,
                request: `${request.method} ${request.path.slice(0, 80)} ${request.body?.slice(0, 120) ?? ''}`,
              };
            // The answer's own words, so that a failed run says what went wrong.
            if (status >= 500 || internal)
              throw new Error(`${request.method} ${request.path} answered ${status}: ${text.slice(0, 500)}`);
          }),
          { numRuns: CASES, endOnFailure: true },
        );
      } finally {
        stop.stopped = true;
      }
      const slowestUnrelated = await unrelated;
      const growth = heapMb() - heapWarm;
      const summary = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`);
      console.log(
        `fuzz: ${CASES} cases, 5xx or INTERNAL: none, slowest answer ${slowest.ms.toFixed(0)} ms ` +
          `(${slowest.request}), slowest unrelated request ${slowestUnrelated.ms.toFixed(0)} ms ` +
          `(${slowestUnrelated.what}; p99 ${slowestUnrelated.p99.toFixed(0)} ms of ${slowestUnrelated.count}), heap growth ${growth.toFixed(1)} MB; ${summary.join(', ')}`,
      );
      expect(slowest.ms).toBeLessThan(TIMEOUT_MS);
      expect(slowestUnrelated.ms).toBeLessThan(UNRELATED_LIMIT_MS);
      expect(growth).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
      // The fuzzer reached the code: answers of several kinds, not only refusals.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(CASES / 20);
    },
    Math.max(60_000, CASES * 100),
  );
});
