import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '@patentscout/server/config';
import { startServer, type RunningServer } from '@patentscout/server/main';
import { createLogger } from '@patentscout/platform';
import { givePaidPlan } from '@patentscout/server/testing/plans';
import { ensureBenchCorpus, type CorpusLoad } from './bench-corpus.js';
import { freeBenchPorts, type BenchPorts } from './bench-ports.js';

const PROJECT_ID = 'demo-patentscout-bench';

export type BenchServer = RunningServer & {
  baseUrl: string;
  ports: BenchPorts;
  dataDir: string;
  /** How the corpus was loaded (this run, or the run that loaded it). */
  corpus: CorpusLoad;
};

/**
 * The product as `npm start` runs it, on ports of its own, over a generated corpus of `size`
 * patents kept in `<dataRoot>/bench-search-<size>` (loaded once, resumed if a load was stopped,
 * then reused), stored in static-rank order as the indexer's bulk load stores it.
 */
export async function startBenchServer(
  size: number,
  say: (line: string) => void,
  options: {
    dataRoot?: string;
    dataDir?: string;
    /** Keep patents added after the generated corpus (see ensureBenchCorpus). */
    keepAdded?: boolean;
    /** More settings, as environment variables would give them. */
    settings?: Record<string, string>;
  } = {},
): Promise<BenchServer> {
  const ports = await freeBenchPorts();
  const dataDir = path.resolve(
    options.dataDir ?? path.join(options.dataRoot ?? '.data', `bench-search-${size}`),
  );
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(ports.http),
    EMBEDDED_PG_PORT: String(ports.postgres),
    FIREBASE_AUTH_EMULATOR_PORT: String(ports.emulator),
    MAIL_SMTP_PORT: String(ports.smtp),
    STRIPE_LOCAL_PORT: String(ports.stripe),
    MAILING_LIST_LOCAL_PORT: String(ports.formService),
    FIREBASE_PROJECT_ID: PROJECT_ID,
    LOG_LEVEL: 'warn',
    // The benchmark measures the engine: its eight clients search far above a person's pace.
    RATE_LIMIT_SEARCHES_PER_MINUTE: '100000000',
    RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
    ...options.settings,
  });
  say(
    `  server on port ${ports.http}, PostgreSQL on ${ports.postgres}, data in ${path.relative(process.cwd(), dataDir)}`,
  );
  let corpus: CorpusLoad | undefined;
  const server = await startServer({
    config,
    logger: createLogger('warn'),
    report: (line) => say(`  ${line}`),
    beforeListen: async (db) => {
      corpus = await ensureBenchCorpus(db, { size, dataDir, say, keepAdded: options.keepAdded });
    },
  });
  return { ...server, baseUrl: `http://127.0.0.1:${ports.http}`, ports, dataDir, corpus: corpus! };
}

/** Calls to the emulator that fail this many times in a row fail the benchmark. */
const ATTEMPTS = 6;
/** Users made at once: the emulator resets connections when a burst asks for a hundred. */
const USERS_AT_ONCE = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A POST to the emulator, tried again after a refused or reset connection or a 5xx. */
async function postToEmulator(url: string, body: unknown, authorization?: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });
      if (response.ok) return (await response.json()) as Record<string, string>;
      const text = await response.text();
      if (response.status < 500 || attempt >= ATTEMPTS)
        throw Object.assign(new Error(`emulator call failed: ${response.status} ${text}`), { final: true });
    } catch (error) {
      if ((error as { final?: boolean }).final || attempt >= ATTEMPTS) throw error;
    }
    await pause(250 * 2 ** attempt);
  }
}

/** Where bench users are made: the bench server's emulator, or another one (the replicas bench's). */
export interface BenchAuth {
  emulatorPort: number;
  projectId: string;
}

/** The emulator of a server started by startBenchServer, unless another is given. */
function authOf(server: RunningServer | BenchServer, auth?: BenchAuth): BenchAuth {
  if (auth) return auth;
  if ('ports' in server) return { emulatorPort: server.ports.emulator, projectId: PROJECT_ID };
  throw new Error('A server not started by startBenchServer needs its emulator named (BenchAuth).');
}

/** A subscribed, verified user made through the emulator's REST API; returns an ID token. */
export async function benchUserToken(server: RunningServer | BenchServer, auth?: BenchAuth): Promise<string> {
  return (await benchUser(server, { paid: true }, auth)).token;
}

/** A verified user with an account, made through the emulator's REST API, on the paid plan or not. */
export async function benchUser(
  server: RunningServer | BenchServer,
  options: { paid: boolean },
  auth?: BenchAuth,
): Promise<{ token: string; uid: string; email: string }> {
  const { emulatorPort, projectId } = authOf(server, auth);
  const emulator = `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1`;
  const email = `bench-${randomUUID().slice(0, 12)}@example.com`;
  const password = 'bench-password';
  const signUp = await postToEmulator(`${emulator}/accounts:signUp?key=bench`, {
    email,
    password,
    returnSecureToken: true,
  });
  await postToEmulator(
    `${emulator}/projects/${projectId}/accounts:update`,
    { localId: signUp.localId, emailVerified: true },
    'Bearer owner',
  );
  const signIn = await postToEmulator(`${emulator}/accounts:signInWithPassword?key=bench`, {
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

/** `count` subscribed, verified users' ID tokens, made a few at a time. */
export async function benchUsers(server: BenchServer, count: number): Promise<string[]> {
  const tokens: string[] = [];
  while (tokens.length < count) {
    const batch = Math.min(USERS_AT_ONCE, count - tokens.length);
    tokens.push(...(await Promise.all(Array.from({ length: batch }, () => benchUserToken(server)))));
  }
  return tokens;
}
