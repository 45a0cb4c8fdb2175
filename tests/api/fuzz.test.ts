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
 * Generated requests against every REST route and GraphQL operation of the running server: none
 * may answer 5xx or take more than 5 seconds, and the server's memory must stay put. `npm test`
 * runs a short version; `npm run fuzz` runs 20,000 cases (FUZZ_CASES).
 */
const CASES = Number(process.env.FUZZ_CASES ?? 600);
const TIMEOUT_MS = 5000;
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
  tokens = [...users.map((user) => user.idToken), analystKey.key];
}, 120_000);
afterAll(() => app.close());

async function send(request: FuzzRequest): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${app.baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
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
      const failures: string[] = [];
      let slowest = 0;
      // Caches (compiled operations, verified tokens) fill in the first quarter: from there on,
      // the heap after a forced collection must stay put.
      let runs = 0;
      let heapWarm = heapMb();

      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          runs += 1;
          if (runs === Math.ceil(CASES / 4)) heapWarm = heapMb();
          const { status, ms } = await send(request);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          slowest = Math.max(slowest, ms);
          if (status >= 500)
            failures.push(`${status} ${request.method} ${request.path} ${request.body?.slice(0, 200)}`);
          return status < 500;
        }),
        { numRuns: CASES, endOnFailure: true },
      );

      const growth = heapMb() - heapWarm;
      const summary = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`);
      console.log(
        `fuzz: ${CASES} cases, 5xx: ${failures.length}, slowest ${slowest.toFixed(0)} ms, heap growth ${growth.toFixed(1)} MB; ${summary.join(', ')}`,
      );
      expect(failures).toEqual([]);
      expect(slowest).toBeLessThan(TIMEOUT_MS);
      expect(growth).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
      // The fuzzer reached the code: answers of several kinds, not only refusals.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(CASES / 20);
    },
    Math.max(60_000, CASES * 100),
  );
});
