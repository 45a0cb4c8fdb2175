import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDbCommand, runDbCommand } from '@patentscout/server/admin/db-command';
import {
  embeddedDatabaseUrl,
  postmasterPid,
  signalPostmaster,
} from '@patentscout/server/supervisor/embedded';
import { startEmbeddedCluster, type EmbeddedCluster } from '@patentscout/server/supervisor/embedded-cluster';
import type { RunningServer } from '@patentscout/server/main';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { patentRow, type PatentFixture } from '@patentscout/server/testing/patent-fixtures';
import { createVerifiedUser } from '@patentscout/server/testing/test-users';
import { metricSample, scrapeMetrics } from '@patentscout/server/testing/server-probes';
import { call, graphql } from './http.js';
import {
  logger,
  MAX_LAG_SECONDS,
  ingestPatents,
  PATENTS,
  PRIMARY_PORT,
  replicaProbes,
  rowsAt,
  sleep,
  startApp,
  STANDBY,
  STANDBY_PORT,
  until,
} from './replicas-kit.js';

/**
 * A real streaming replica: the embedded primary and one hot standby made from it by a base
 * backup (`EMBEDDED_REPLICAS=1`, as `npm run dev:replica` runs two), both under the app's
 * supervisor, the app's reads routed to the standby. Searches are served by it, a patent
 * ingested on the primary is found through it within the lag bound, a standby that stops sends
 * reads to the primary without a failed request, and the supervisor's restart of it brings them
 * back. Then the same two servers run outside any supervisor (as on machines of their own): after
 * the primary crashes, `db promote` turns the standby into a primary that still has the
 * favourites and the subscription written before the crash.
 */

let dataDir: string;
let server: RunningServer;
let baseUrl: string;
let searcher: EmulatorUser;
const started: RunningServer[] = [];
let cluster: EmbeddedCluster | undefined;

const probes = replicaProbes(() => baseUrl, STANDBY);
const { reads, serving } = probes;
const search = (words: string, token = searcher.idToken) => probes.search(words, token);

const onStandby = <T>(query: string) => rowsAt<T>(embeddedDatabaseUrl(STANDBY_PORT), query);

const ingest = (rows: PatentFixture[]) => ingestPatents(server.db, rows);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'patentscout-replicas-'));
  await chmod(dataDir, 0o755); // the postgres user keeps its data folders in it
  ({ server, baseUrl } = await startApp(dataDir, started, {
    EMBEDDED_PG_PORT: String(PRIMARY_PORT),
    EMBEDDED_REPLICAS: '1',
  }));
  await ingest(PATENTS);
  searcher = await createVerifiedUser(server.db, 'Searcher');
}, 240_000);

afterAll(async () => {
  for (const running of started.reverse()) await running.stop();
  await cluster?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 120_000);

describe('reads on a streaming replica', () => {
  it('serves searches, patent pages and highlights from the replica, not the primary', async () => {
    await until('the replica serves reads', serving);
    const before = {
      searchOnStandby: await reads('search', STANDBY),
      searchOnPrimary: await reads('search', 'primary'),
      readsOnStandby: await reads('reads', STANDBY),
      readsOnPrimary: await reads('reads', 'primary'),
    };
    for (let round = 0; round < 3; round += 1) {
      const answer = await search('robots that clean solar panels');
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((item: { lens_id: string }) => item.lens_id)).toContain(
        PATENTS[0]!.lens_id,
      );
    }
    const page = await call(baseUrl, 'GET', `/api/v1/patents/${PATENTS[1]!.lens_id}`, {
      token: searcher.idToken,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.lens_id).toBe(PATENTS[1]!.lens_id);
    const highlighted = await graphql(
      baseUrl,
      `
        query H($ids: [ID!]!) {
          matchHighlights(kind: AI, query: "robots cleaning solar panels", lensIds: $ids) {
            lensId
          }
        }
      `,
      { ids: [PATENTS[0]!.lens_id] },
      searcher.idToken,
    );
    expect(highlighted.data.matchHighlights).toEqual([{ lensId: PATENTS[0]!.lens_id }]);

    expect(await reads('search', STANDBY)).toBeGreaterThanOrEqual(before.searchOnStandby + 3);
    expect(await reads('search', 'primary')).toBe(before.searchOnPrimary);
    expect(await reads('reads', STANDBY)).toBeGreaterThan(before.readsOnStandby);
    expect(await reads('reads', 'primary')).toBe(before.readsOnPrimary);

    // The standby's own view: the app's search connections, and its scans of the search index.
    const sessions = await onStandby<{ pool: string }>(
      `SELECT application_name AS pool FROM pg_stat_activity WHERE application_name LIKE 'patentscout-%'`,
    );
    expect(sessions.map((session) => session.pool)).toContain('patentscout-search');
    await until('the standby counts scans of patent_search', async () => {
      const [row] = await onStandby<{ scans: string }>(
        `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS scans FROM pg_stat_user_tables WHERE relname = 'patent_search'`,
      );
      return Number(row?.scans ?? 0) > 0;
    });
    const metrics = await scrapeMetrics(baseUrl);
    expect(metricSample(metrics, `patentscout_db_replica_up{replica="${STANDBY}"}`)).toBe(1);
    expect(
      metricSample(metrics, `patentscout_db_replica_lag_seconds{replica="${STANDBY}"}`),
    ).toBeLessThanOrEqual(MAX_LAG_SECONDS);
  }, 60_000);

  it('finds a patent ingested on the primary through the replica within the lag bound', async () => {
    const fresh = patentRow({
      lens_id: '036-000-000-003-00X',
      title: 'ZIRCONIUM HOVERCRAFT SKIRT',
      abstract: 'A flexible zirconium skirt for hovercraft crossing ice.',
    });
    const onPrimary = await reads('search', 'primary');
    const ingested = Date.now();
    expect((await ingest([fresh])).inserted).toBe(1);
    let found = false;
    while (!found && Date.now() - ingested < MAX_LAG_SECONDS * 1000) {
      const answer = await search('zirconium skirts for hovercraft');
      expect(answer.status).toBe(200);
      found = answer.body.data.some((item: { lens_id: string }) => item.lens_id === fresh.lens_id);
    }
    expect(found, `found within ${MAX_LAG_SECONDS} s`).toBe(true);
    expect(await reads('search', 'primary')).toBe(onPrimary);
  }, 60_000);

  it('replays a kept result set by its id, from the replica once it has the set', async () => {
    const answer = await search('electrodes for lithium batteries');
    expect(answer.status).toBe(200);
    const replay = await call(baseUrl, 'GET', `/api/v1/result-sets/${answer.body.result_set_id}`, {
      token: searcher.idToken,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.data.map((item: { lens_id: string }) => item.lens_id)).toEqual(
      answer.body.data.map((item: { lens_id: string }) => item.lens_id),
    );
  }, 30_000);

  it('sends reads to the primary without a failed request when the replica stops, and back once the supervisor restarts it', async () => {
    const statuses: number[] = [];
    let running = true;
    const traffic = Promise.all(
      [0, 1].map(async () => {
        while (running) {
          const answer = await search('robots that clean solar panels');
          statuses.push(answer.status);
          const page = await call(baseUrl, 'GET', `/api/v1/patents/${PATENTS[1]!.lens_id}`, {
            token: searcher.idToken,
          });
          statuses.push(page.status);
        }
      }),
    );
    await sleep(1_000);
    const onPrimary = await reads('search', 'primary');
    const standbyDir = path.join(dataDir, 'replica-1');
    const stoppedPid = postmasterPid(standbyDir);
    expect(signalPostmaster(standbyDir)).toBe(true); // a fast shutdown ends its sessions mid-read
    let readyWhileDown: { status: number; body: { replicas: { detail: string } } } | undefined;
    await until(
      'the app sees the replica down',
      async () => {
        const metrics = await scrapeMetrics(baseUrl);
        if (metricSample(metrics, `patentscout_db_replica_up{replica="${STANDBY}"}`) !== 0) return false;
        readyWhileDown = await call(baseUrl, 'GET', '/readyz');
        return true;
      },
      20_000,
    );
    // The supervisor starts it again (after 0.5 s), and the routing takes it back once it answers.
    await until('the replica serves reads again', serving, 60_000);
    running = false;
    await traffic;

    expect(statuses.length).toBeGreaterThan(8);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await reads('search', 'primary')).toBeGreaterThan(onPrimary);
    expect(readyWhileDown!.status).toBe(200);
    expect(readyWhileDown!.body.replicas.detail).toMatch(/reads go to the primary|skipped/);

    const restartedPid = postmasterPid(standbyDir);
    expect(restartedPid).toBeDefined();
    expect(restartedPid).not.toBe(stoppedPid);
    const ready = await call(baseUrl, 'GET', '/readyz');
    expect(ready.body.replicas.detail).toContain('the embedded read replica 1 restarted 1 time(s)');
    // The run file names the new postmaster: a crashed run's standby is stopped by the next start.
    const runFile = JSON.parse(await readFile(path.join(dataDir, 'run.json'), 'utf8')) as {
      parts: Record<string, Array<{ pid: number }>>;
    };
    expect(runFile.parts['the embedded read replica 1']?.map((process) => process.pid)).toEqual([
      restartedPid,
    ]);
    const onStandby = await reads('search', STANDBY);
    expect((await search('robots that clean solar panels')).status).toBe(200);
    expect(await reads('search', STANDBY)).toBeGreaterThan(onStandby);
  }, 120_000);
});

describe('failover', () => {
  it('promotes the standby after the primary crashes, with the favourites and subscription written before', async () => {
    // The supervisor would restart a crashed primary (its job): here the primary and the standby
    // run on their own, from the same data, and the app reaches them by URL.
    await server.stop();
    cluster = await startEmbeddedCluster({
      port: PRIMARY_PORT,
      dataDir: path.join(dataDir, 'pg'),
      replicas: 1,
      database: 'patentscout',
      logger,
    });
    ({ server, baseUrl } = await startApp(dataDir, started, {
      DATABASE_URL: cluster.url,
      SEARCH_DATABASE_URLS: cluster.standbys[0]!.url,
    }));
    await until('the replica serves reads', serving);
    const buyer = await createEmulatorUser({ verified: true });
    await server.db
      .insertInto('users')
      .values({ uid: buyer.uid, email: buyer.email, name: 'Buyer' })
      .execute();
    const checkout = await call(baseUrl, 'POST', '/payments/create-checkout-session?plan=discover', {
      token: buyer.idToken,
    });
    expect(checkout.status).toBe(200);
    const paid = await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const favourite = {
      doc_key: PATENTS[0]!.doc_key,
      patent_title: 'Solar robot',
      lens_id: PATENTS[0]!.lens_id,
    };
    expect(
      (await call(baseUrl, 'PUT', '/api/v1/favourites', { token: buyer.idToken, body: favourite })).status,
    ).toBe(200);
    expect((await call(baseUrl, 'GET', '/api/users', { token: buyer.idToken })).body.subscriptionStatus).toBe(
      'active',
    );

    // Those commits waited for the standby: it is the primary's synchronous (quorum) standby.
    expect(
      await rowsAt(embeddedDatabaseUrl(PRIMARY_PORT), 'SELECT sync_state FROM pg_stat_replication'),
    ).toEqual([{ sync_state: 'quorum' }]);
    const out: string[] = [];
    const sink = { write: (text: string) => out.push(text) };
    const defaults = { databaseUrl: server.databaseUrl, replicaUrls: [] };
    await runDbCommand(parseDbCommand(['db', 'status'], defaults), sink);
    expect(out.join('')).toContain('synchronous standbys: ANY 1 (patentscout_replica_1)');
    expect(out.join('')).toContain('standby patentscout_replica_1 (127.0.0.1): streaming, quorum');

    const standbyUrl = embeddedDatabaseUrl(STANDBY_PORT);
    const promote = parseDbCommand(['db', 'promote', '--database-url', standbyUrl], defaults);
    await expect(runDbCommand(promote, sink)).rejects.toThrow(/still streams from its primary/);

    const primaryDir = path.join(dataDir, 'pg');
    expect(signalPostmaster(primaryDir, 'SIGQUIT')).toBe(true); // dies at once, as in a crash
    await until('the primary is gone', async () => postmasterPid(primaryDir) === undefined);
    await runDbCommand(promote, sink);
    expect(out.join('')).toContain(`Promoted ${STANDBY}`);

    ({ baseUrl } = await startApp(dataDir, started, { DATABASE_URL: standbyUrl }));
    const account = await call(baseUrl, 'GET', '/api/users', { token: buyer.idToken });
    expect(account.status).toBe(200);
    expect(account.body.subscriptionStatus).toBe('active');
    const favourites = await call(baseUrl, 'GET', '/api/v1/favourites', { token: buyer.idToken });
    expect(favourites.status).toBe(200);
    expect(JSON.stringify(favourites.body)).toContain(PATENTS[0]!.lens_id);
    // The promoted server takes writes: a new favourite.
    const another = { doc_key: PATENTS[1]!.doc_key, patent_title: 'Electrode', lens_id: PATENTS[1]!.lens_id };
    expect(
      (await call(baseUrl, 'PUT', '/api/v1/favourites', { token: buyer.idToken, body: another })).status,
    ).toBe(200);
  }, 240_000);
});
