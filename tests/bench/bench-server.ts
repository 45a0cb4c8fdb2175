import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ensureDemoCorpus } from '@patentscout/indexer/demo-corpus';
import { loadConfig } from '@patentscout/server/config';
import { startServer, type RunningServer } from '@patentscout/server/main';
import { createLogger } from '@patentscout/server/shared/logger';
import { TEST_PORT_OFFSET } from '@patentscout/server/testing/constants';
import { givePaidPlan } from '@patentscout/server/testing/plans';

export const BENCH_PORTS = {
  http: 3199 + TEST_PORT_OFFSET,
  postgres: 54379 + TEST_PORT_OFFSET,
  emulator: 9599 + TEST_PORT_OFFSET,
  smtp: 2599 + TEST_PORT_OFFSET,
  stripe: 12199 + TEST_PORT_OFFSET,
  formService: 12198 + TEST_PORT_OFFSET,
} as const;
const PROJECT_ID = 'demo-patentscout-bench';

/**
 * The product as `npm start` runs it, over a generated corpus of `size` patents kept in
 * `.data/bench-search-<size>` (generated once, then reused); the demo-corpus loader stores the
 * search index in static-rank order.
 */
export async function startBenchServer(
  size: number,
  say: (line: string) => void,
  dataDir = `.data/bench-search-${size}`,
  /** More settings, as environment variables would give them. */
  settings: Record<string, string> = {},
): Promise<RunningServer & { baseUrl: string }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(BENCH_PORTS.http),
    EMBEDDED_PG_PORT: String(BENCH_PORTS.postgres),
    FIREBASE_AUTH_EMULATOR_PORT: String(BENCH_PORTS.emulator),
    MAIL_SMTP_PORT: String(BENCH_PORTS.smtp),
    STRIPE_LOCAL_PORT: String(BENCH_PORTS.stripe),
    MAILING_LIST_LOCAL_PORT: String(BENCH_PORTS.formService),
    FIREBASE_PROJECT_ID: PROJECT_ID,
    LOG_LEVEL: 'warn',
    DEMO_CORPUS_SIZE: String(size),
    // The benchmark measures the engine: its eight clients search far above a person's pace.
    RATE_LIMIT_SEARCHES_PER_MINUTE: '100000000',
    RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
    ...settings,
  });
  const server = await startServer({
    config,
    logger: createLogger('warn'),
    beforeListen: async (db) => {
      const started = Date.now();
      const result = await ensureDemoCorpus({
        db,
        count: size,
        onProgress: ({ done }) => {
          if (done % 50_000 === 0)
            say(`  generating and loading: ${done.toLocaleString('en')} of ${size.toLocaleString('en')}`);
        },
      });
      if (result.inserted > 0) {
        say(
          `  loaded ${result.inserted.toLocaleString('en')} patents in ${((Date.now() - started) / 1000).toFixed(0)} s; analysing...`,
        );
        await sql`ANALYZE patents`.execute(db);
      }
    },
  });
  return { ...server, baseUrl: `http://127.0.0.1:${BENCH_PORTS.http}` };
}

/** Where bench users are made: the bench server's emulator, or another one (the replicas bench's). */
export interface BenchAuth {
  emulatorPort: number;
  projectId: string;
}

const BENCH_AUTH: BenchAuth = { emulatorPort: BENCH_PORTS.emulator, projectId: PROJECT_ID };

/** A subscribed, verified user made through the emulator's REST API; returns an ID token. */
export async function benchUserToken(server: RunningServer, auth: BenchAuth = BENCH_AUTH): Promise<string> {
  return (await benchUser(server, { paid: true }, auth)).token;
}

/** A verified user with an account, made through the emulator's REST API, on the paid plan or not. */
export async function benchUser(
  server: RunningServer,
  options: { paid: boolean },
  auth: BenchAuth = BENCH_AUTH,
): Promise<{ token: string; uid: string; email: string }> {
  const emulator = `http://127.0.0.1:${auth.emulatorPort}/identitytoolkit.googleapis.com/v1`;
  const post = async (url: string, body: unknown, authorization?: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`emulator call failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const email = `bench-${randomUUID().slice(0, 12)}@example.com`;
  const password = 'bench-password';
  const signUp = await post(`${emulator}/accounts:signUp?key=bench`, {
    email,
    password,
    returnSecureToken: true,
  });
  await post(
    `${emulator}/projects/${auth.projectId}/accounts:update`,
    { localId: signUp.localId, emailVerified: true },
    'Bearer owner',
  );
  const signIn = await post(`${emulator}/accounts:signInWithPassword?key=bench`, {
    email,
    password,
    returnSecureToken: true,
  });
  await server.db
    .insertInto('users')
    .values({ uid: signUp.localId!, email, name: 'Bench' })
    .onConflict((oc) => oc.column('uid').doNothing())
    .execute();
  if (options.paid) await givePaidPlan(server.db, signUp.localId!);
  return { token: signIn.idToken!, uid: signUp.localId!, email };
}
