import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, until, wipeDataDir, type LocalStack } from './local-stack.js';

/**
 * `kill -9` of `npm start` while a job runs, and the next `npm start` (ADR 0170): the cut-off run
 * no longer holds its queue until it expires: e-mail flows within a minute, and a meaning build
 * cut off starts again at once.
 */
const COPY = 0;
const CORPUS = 500;
let running: LocalStack | undefined;

beforeAll(() => wipeDataDir(COPY));
afterAll(async () => {
  await running?.stop();
});

const databaseUrl = (stack: LocalStack) =>
  `postgres://postgres:patentscout@127.0.0.1:${stack.ports.postgres}/patentscout`;

async function start(): Promise<LocalStack> {
  running = startStack(COPY, { DEMO_CORPUS_SIZE: String(CORPUS) });
  await running.ready;
  return running;
}

/** Holds `table` in a transaction of its own, so the job that writes it waits there. */
async function hold(stack: LocalStack, table: string): Promise<pg.Client> {
  const client = new pg.Client(databaseUrl(stack));
  // The kill takes Postgres with it: the session's end is expected.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return client;
}

async function waitingOn(stack: LocalStack, table: string, job: string): Promise<true | undefined> {
  const client = new pg.Client(databaseUrl(stack));
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT
        EXISTS (SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE $1) AS waits,
        EXISTS (SELECT 1 FROM pgboss.job WHERE name = $2 AND state = 'active') AS active`,
      [`%${table}%`, job],
    );
    return rows[0].waits && rows[0].active ? true : undefined;
  } finally {
    await client.end();
  }
}

async function crash(stack: LocalStack): Promise<void> {
  stack.killGroup();
  await stack.exited;
  running = undefined;
}

const meaningOf = async (stack: LocalStack) => {
  const response = await fetch(`${stack.baseUrl}/readyz`);
  return ((await response.json()) as { meaning: Record<string, unknown> }).meaning;
};

describe('npm start after a kill -9 mid-job', () => {
  // Two starts each, minutes apiece on a busy machine.
  it(
    'killed during a mail flush: the next start sends a new e-mail within a minute',
    { timeout: 1_200_000 },
    async () => {
      const first = await start();
      const lock = await hold(first, 'mail_messages');
      // The flush runs every minute: it is taken, and waits on the table.
      await until(
        'a mail flush to be under way',
        () => waitingOn(first, 'mail_messages', 'mail.flush'),
        150_000,
      );
      await crash(first);
      await lock.end().catch(() => undefined);

      const second = await start();
      expect(second.output()).toMatch(/Retrying \d+ jobs? the last run left unfinished: [^\n]*mail\.flush/);
      // A report made after the restart, queued as the app queues one: the message, then a nudge.
      const queued = Date.now();
      const client = new pg.Client(databaseUrl(second));
      await client.connect();
      await client.query(
        `INSERT INTO mail_messages (idempotency_key, to_address, subject, html, text, headers)
       VALUES ('fault:after-crash', 'after-crash@example.com', 'Your report', '<p>Report</p>', 'Report', '{}')`,
      );
      await client.end();
      const boss = new PgBoss({ connectionString: databaseUrl(second), supervise: false, schedule: false });
      boss.on('error', () => undefined);
      await boss.start();
      await boss.send('mail.flush', {});
      await boss.stop({ graceful: false, wait: true });

      await until(
        'the e-mail in the outbox',
        async () => {
          const { messages } = (await (await fetch(`${second.baseUrl}/dev/outbox`)).json()) as {
            messages: Array<{ to: string[] }>;
          };
          return messages.some((message) => message.to.includes('after-crash@example.com'))
            ? true
            : undefined;
        },
        60_000,
      );
      expect(Date.now() - queued).toBeLessThan(60_000);
      // Ended as it began (the next test wipes the folder): an orderly stop on a busy machine
      // outlasted the helper's 90 s and left Postgres holding the port for the next start.
      await crash(second);
    },
  );

  it(
    'killed during a meaning build: /readyz said building, and the next start builds it at once',
    {
      timeout: 1_200_000,
    },
    async () => {
      await wipeDataDir(COPY);
      const first = await start();
      expect(first.output()).toMatch(/meaning {3}.*lack their meaning/);
      const lock = await hold(first, 'meaning_words');
      await until(
        'a meaning build to be under way',
        () => waitingOn(first, 'meaning_words', 'indexer.meaning'),
        150_000,
      );
      expect(await meaningOf(first)).toMatchObject({ state: 'building', patents: CORPUS, embedded: 0 });
      await crash(first);
      await lock.end().catch(() => undefined);

      const second = await start();
      expect(second.output()).toMatch(
        /Retrying \d+ jobs? the last run left unfinished: [^\n]*indexer\.meaning/,
      );
      const started = Date.now();
      const built = await until(
        'every patent to have its meaning',
        async () => {
          const meaning = await meaningOf(second);
          return meaning.state === 'ready' ? meaning : undefined;
        },
        300_000,
      );
      expect(built).toMatchObject({ method: 'words', patents: CORPUS, embedded: CORPUS });
      // Not an expiry's wait (an hour): the build's own time, slow on a busy machine.
      expect(Date.now() - started).toBeLessThan(300_000);
    },
  );
});
