import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, search, verifyAndSignIn } from './accounts.js';
import { isStillRunning } from '@patentscout/server/supervisor/processes';
import {
  firstOverlapping,
  readyz,
  rememberedPids,
  rememberedProcesses,
  startStack,
  until,
  untilHealthy,
  wipeDataDir,
  type LocalStack,
} from './local-stack.js';

/**
 * One running copy of the app, its parts killed under it: the supervisor restarts them, callers
 * get 503 with a message meanwhile (never 500), /readyz says which part is down. Then a second
 * start on the same data folder, a second copy beside it, and Ctrl-C.
 */
const COPY = 1;
const RESTARTING = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is restarting, try again in a minute',
};
let stack: LocalStack;

beforeAll(async () => {
  await wipeDataDir(COPY);
  stack = startStack(COPY);
  await stack.ready;
});
afterAll(async () => {
  await stack?.stop();
});

describe('a part killed while the app runs', () => {
  it('the Auth emulator: registration answers 503 with the message, then works again within 30 s without a restart', async () => {
    await untilHealthy(stack);
    const [emulator] = rememberedPids(stack, 'the Firebase Auth emulator');
    process.kill(-emulator!, 'SIGKILL');
    const killedAt = Date.now();
    const first = await register(stack, `first-${Date.now()}@example.com`);
    expect(first).toEqual({ status: 503, json: RESTARTING });
    const statuses: number[] = [];
    await until(
      'a registration to succeed',
      async () => {
        const attempt = await register(stack, `again-${Date.now()}@example.com`);
        statuses.push(attempt.status);
        return attempt.status === 201 ? true : undefined;
      },
      30_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect(stack.output()).toMatch(
      /the Firebase Auth emulator stopped unexpectedly \(killed by SIGKILL\); restarting in 0.5 s/,
    );
    // The emulator may answer a registration a moment before the supervisor's own readiness probe
    // sees it back and says so.
    await until(
      'the supervisor to report the emulator back',
      async () => (/the Firebase Auth emulator is running again/.test(stack.output()) ? true : undefined),
      15_000,
    );
    expect((await readyz(stack)).body.auth).toEqual({
      ok: true,
      detail: 'Firebase Auth emulator (restarted 1 time(s))',
    });
  });

  it('PostgreSQL: REST and GraphQL answer 503 with the message, /readyz names it, then all recovers', async () => {
    await untilHealthy(stack);
    const email = `pg-${Date.now()}@example.com`;
    const registered = await register(stack, email);
    const token = await verifyAndSignIn(stack, registered.json.uid, email);
    const query = 'a method for purifying drinking water with membranes';
    expect((await search(stack, token, query)).status).toBe(200);

    const [postmaster] = rememberedPids(stack, 'PostgreSQL');
    process.kill(postmaster!, 'SIGKILL');
    // A connection's backend may finish a statement before it notices its postmaster is gone:
    // from then on, every answer is 503 with the message until Postgres is back.
    // A request sent the moment it died may wait for it to come back: the next ones do not wait for it.
    const rest = await firstOverlapping(
      'a REST answer of 503',
      () => search(stack, token, query),
      (answer) => answer.status === 503,
      (answer) => expect([200, 503]).toContain(answer.status),
      10_000,
    );
    expect(rest).toEqual({ status: 503, json: RESTARTING });
    const graphql = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ favourites { id } }' }),
    });
    expect(graphql.status).toBe(503);
    expect(graphql.headers.get('retry-after')).toBe('30');
    expect((await graphql.json()).errors[0]).toMatchObject({
      message: RESTARTING.message,
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
    const down = await readyz(stack);
    expect(down.status).toBe(503);
    expect(down.body.database).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^PostgreSQL is restarting/),
    });

    const statuses: number[] = [];
    await until(
      'searches to work again',
      async () => {
        const attempt = await search(stack, token, query);
        statuses.push(attempt.status);
        return attempt.status === 200 ? true : undefined;
      },
      60_000,
    );
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    // Searches may work a moment before the supervisor's probe and pg-boss's pool see Postgres back.
    await until(
      '/readyz to say ready again',
      async () => ((await readyz(stack)).status === 200 ? true : undefined),
      30_000,
    );
    expect(stack.output()).toMatch(/PostgreSQL is running again/);
  });
});

describe('more than one copy', () => {
  it('a second npm start on the same data folder is refused, naming the copy that runs', async () => {
    await untilHealthy(stack);
    const second = startStack(COPY);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      new RegExp(
        `Another copy of the app is already running on the data folder .*\\(pid ${stack.child.pid}|Another copy of the app is already running`,
      ),
    );
    expect(second.output()).toContain('give this copy its own DATA_DIR and ports');
    expect((await readyz(stack)).status).toBe(200);
  });

  it('a second copy with its own data folder and ports runs beside the first, both healthy', async () => {
    await untilHealthy(stack);
    await wipeDataDir(COPY + 1);
    const other = startStack(COPY + 1, { DEMO_CORPUS_SIZE: '300' });
    try {
      await other.ready;
      expect((await readyz(other)).status).toBe(200);
      expect((await readyz(stack)).status).toBe(200);
      const besideEmail = `beside-${Date.now()}@example.com`;
      expect((await register(other, besideEmail)).status).toBe(201);
      expect((await register(stack, `first-copy-${Date.now()}@example.com`)).status).toBe(201);
      await other.stop();
      // The second copy exported its own accounts on its way out, not the first copy's (the
      // emulators share a project id; each finds its own hub).
      const exported = await readFile(
        path.join(other.dataDir, 'firebase', 'auth-export', 'auth_export', 'accounts.json'),
        'utf8',
      );
      expect(exported).toContain(besideEmail);
      expect(exported).not.toContain('first-copy-');
    } finally {
      await other.stop();
    }
  });
});

describe('Ctrl-C after its parts were restarted', () => {
  it('stops everything the app started, in seconds, even when the app is stalled as Ctrl-C comes', async () => {
    await untilHealthy(stack);
    const remembered = rememberedProcesses(stack.dataDir);
    const [app] = remembered;
    expect(remembered.map((entry) => entry.command)).toEqual(
      expect.arrayContaining([expect.stringContaining('firebase'), expect.stringContaining('postgres')]),
    );
    // The app's event loop stalls (as on a busy machine) the moment Ctrl-C comes: nothing between
    // the terminal and the app may take that for a hang and kill it before its orderly stop
    // (tsx's own command did, leaving the detached Auth emulator running).
    process.kill(app!.pid, 'SIGSTOP');
    process.kill(-stack.child.pid!, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(isStillRunning(app!)).toBe(true);
    process.kill(app!.pid, 'SIGCONT');
    const stopping = Date.now();
    await stack.stop();
    expect(stack.output()).toContain('SIGINT received: stopping');
    await until(
      'every process the app started to end',
      async () => (remembered.some(isStillRunning) ? undefined : true),
      5_000,
    );
    // Not the forced exit (30 s) that came after a restart of Postgres.
    expect(Date.now() - stopping).toBeLessThan(20_000);
  });
});
