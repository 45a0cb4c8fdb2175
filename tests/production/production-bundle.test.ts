import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@patentscout/server/supervisor/embedded';
import {
  startLocalSmtpServer,
  type LocalSmtpServer,
} from '@patentscout/server/integrations/local-smtp-server';
import { startLocalStripe, type LocalStripe } from '@patentscout/server/integrations/local-stripe/server';
import { createLogger } from '@patentscout/platform';
import { createEmulatorUser } from '@patentscout/server/testing/emulator-users';
import { TEST_PORT_OFFSET, TEST_PROJECT_ID } from '@patentscout/server/testing/constants';
import { REQUIRED_IN_PRODUCTION } from '@patentscout/server/config';

/**
 * The production path end to end: `npm run build`'s bundle, started as `NODE_ENV=production node
 * dist/server.js` against a Postgres started apart (the embedded binary as an external server),
 * with every production variable set, each pointing at a local stand-in: the run's Firebase Auth
 * emulator (FIREBASE_AUTH_EMULATOR_HOST, the staging setting), an SMTP server of the test's own,
 * and the local Stripe stand-in (STRIPE_API_URL).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORTS = {
  postgres: 54631 + TEST_PORT_OFFSET,
  web: 54633 + TEST_PORT_OFFSET,
  stripe: 54634 + TEST_PORT_OFFSET,
  smtp: 54635 + TEST_PORT_OFFSET,
};
const METRICS_TOKEN = 'production-test-metrics-token';
const STRIPE = {
  secretKey: 'sk_test_production_bundle',
  webhookSecret: 'whsec_production_bundle',
  priceDiscover: 'price_production_bundle',
};
const BASE_URL = `http://127.0.0.1:${PORTS.web}`;

let workDir: string;
let outDir: string;
let bundle: string;
let postgres: EmbeddedDatabase;
let smtp: LocalSmtpServer;
let stripe: LocalStripe;
let server: ChildProcess | undefined;
let serverOutput = '';
const mails: string[] = [];

/** Every production variable, each at a local stand-in. */
function productionEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORTS.web),
    PUBLIC_URL: BASE_URL,
    DATA_DIR: path.join(workDir, 'data'),
    DATABASE_URL: postgres.url,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_API_KEY: 'staging-api-key',
    FIREBASE_AUTH_DOMAIN: `${TEST_PROJECT_ID}.firebaseapp.com`,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    MAIL_FROM: 'PatentScout <no-reply@patentscout.test>',
    APP_SECRET: 'a-production-test-secret-of-32-characters-or-more',
    STRIPE_SECRET_KEY: STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
    STRIPE_PRICE_DISCOVER: STRIPE.priceDiscover,
    STRIPE_API_URL: `http://127.0.0.1:${PORTS.stripe}`,
    MAILING_LIST_URL: 'https://forms.patentscout.test/subscribe/previous-searches',
    METRICS_TOKEN,
    DEMO_CORPUS_SIZE: '300',
  };
}

/** Runs the bundle until it exits; answers its exit code and what it wrote. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle], { env, cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  // Inside the repository, so that Node finds node_modules above the bundle, as in dist/.
  outDir = await mkdtemp(path.join(ROOT, 'node_modules', '.cache-production-test-'));
  const build = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', outDir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
  expect(build.code, build.output).toBe(0);
  bundle = path.join(outDir, 'server.js');

  workDir = await mkdtemp(path.join(os.tmpdir(), 'patentscout-production-'));
  await chmod(workDir, 0o755); // the postgres user must reach its data folder
  const logger = createLogger('warn');
  postgres = await startEmbeddedPostgres({
    dataDir: path.join(workDir, 'pg'),
    port: PORTS.postgres,
    database: 'patentscout',
    logger,
  });
  smtp = await startLocalSmtpServer({
    port: PORTS.smtp,
    logger,
    store: async (source) => {
      mails.push(source.toString('utf8'));
    },
  });
  stripe = await startLocalStripe({ port: PORTS.stripe, ...STRIPE, logger });
  stripe.deliverTo(`${BASE_URL}/payments/webhook`);
  // The client and server builds take a minute quiet, several when other work shares the cores.
}, 360_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
  }
  await stripe?.stop();
  await smtp?.stop();
  await postgres?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the production bundle', () => {
  it('stops at start-up naming each missing or malformed production variable', async () => {
    const complete = productionEnv();
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ...REQUIRED_IN_PRODUCTION.map((name): [string, Record<string, string>, RegExp] => {
        const env = { ...complete };
        delete env[name];
        return [`without ${name}`, env, new RegExp(`${name}: required when NODE_ENV=production`)];
      }),
      [
        'malformed DATABASE_URL',
        { ...complete, DATABASE_URL: 'mysql://db/x' },
        /DATABASE_URL: must be a postgres/,
      ],
      ['malformed PUBLIC_URL', { ...complete, PUBLIC_URL: 'patentscout' }, /PUBLIC_URL:/],
      ['malformed SMTP_URL', { ...complete, SMTP_URL: 'mail.example' }, /SMTP_URL: must be an smtp/],
      ['short APP_SECRET', { ...complete, APP_SECRET: 'short' }, /APP_SECRET: must be at least 32/],
      ['bad ROLE', { ...complete, ROLE: 'cron' }, /ROLE:/],
      ['short METRICS_TOKEN', { ...complete, METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be at least 16/],
      ['bad STRIPE_API_URL', { ...complete, STRIPE_API_URL: 'stripe' }, /STRIPE_API_URL:/],
      [
        'a demo- project on Google',
        { ...complete, FIREBASE_AUTH_EMULATOR_HOST: '' },
        /FIREBASE_PROJECT_ID: a demo- project cannot be used in production/,
      ],
    ];
    // Two at a time: the machine has two cores.
    for (let index = 0; index < cases.length; index += 2) {
      await Promise.all(
        cases.slice(index, index + 2).map(async ([label, env, message]) => {
          const { code, stderr } = await runToExit(env);
          expect(code, label).toBe(1);
          expect(stderr, label).toMatch(message);
          expect(stderr, label).not.toMatch(/\n\s+at /); // a message, not a stack trace
        }),
      );
    }
    // About twenty starts of the bundle: a minute quiet, more when other work shares the cores.
  }, 240_000);

  it('serves the client, a signed-in search, Stripe checkout, e-mail and guarded metrics', async () => {
    server = spawn(process.execPath, [bundle], {
      env: productionEnv(),
      cwd: workDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    await waitFor('/readyz', async () => ((await fetch(`${BASE_URL}/readyz`)).ok ? true : undefined));

    // JSON logs, one object a line, and the start-up line.
    const lines = serverOutput.trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.map((line) => JSON.parse(line).msg)).toContain('PatentScout started');

    const page = await fetch(`${BASE_URL}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const clientConfig = await (await fetch(`${BASE_URL}/app-config.json`)).json();
    expect(clientConfig).toMatchObject({ embedded: false, firebase: { apiKey: 'staging-api-key' } });
    // No dev mailbox in production.
    expect((await fetch(`${BASE_URL}/dev/outbox`)).status).toBe(404);

    const user = await createEmulatorUser({ verified: true });
    const registered = await fetch(`${BASE_URL}/api/register-google-user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ uid: user.uid, email: user.email, displayName: 'Production Tester' }),
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    const search = await fetch(`${BASE_URL}/api/v1/ai-search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'a method and a system for charging a battery' }),
    });
    expect(search.status).toBe(200);
    const results = await search.json();
    expect(results.total).toBeGreaterThan(0);

    // Stripe's SDK talks to the stand-in; its webhook reaches the app; the app mails over SMTP.
    const checkout = await fetch(`${BASE_URL}/payments/create-checkout-session?plan=discover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(checkout.status).toBe(200);
    const checkoutUrl = (await checkout.json()).url as string;
    expect(checkoutUrl.startsWith(`http://127.0.0.1:${PORTS.stripe}/`)).toBe(true);
    const paid = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`${BASE_URL}/account?success=true`);
    const confirmation = await waitFor(
      'the confirmation e-mail',
      async () => mails.find((mail) => mail.includes(user.email)),
      30_000,
    );
    expect(confirmation).toContain('Discover');

    expect((await fetch(`${BASE_URL}/metrics`)).status).toBe(401);
    // The mail job counts itself once its send has returned: a moment after the mailbox has it.
    const mailJobDone = /patentscout_jobs_total\{queue="mail.flush",outcome="completed",role="all"\} [1-9]/;
    const text = await waitFor(
      'the mail job counted in /metrics',
      async () => {
        const metrics = await fetch(`${BASE_URL}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(metrics.status).toBe(200);
        const body = await metrics.text();
        return mailJobDone.test(body) ? body : undefined;
      },
      30_000,
    );
    expect(text).toMatch(
      /patentscout_search_duration_seconds_count\{role="all",kind="ai",tier="[a-z-]+"\} 1/,
    );

    // SIGTERM (docker stop): an orderly stop, exiting 143 (128 + SIGTERM) as a terminated process does.
    const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(serverOutput).not.toContain('error while stopping');
    expect(serverOutput).not.toMatch(/"level":(50|60)/);
  }, 90_000);
});
