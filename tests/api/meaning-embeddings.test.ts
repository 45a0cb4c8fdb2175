import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMeaning } from '@patentscout/indexer/meaning/build-meaning';
import {
  startLocalEmbeddings,
  type LocalEmbeddings,
} from '@patentscout/server/integrations/local-embeddings';
import { openAiEmbedder } from '@patentscout/server/search-engine';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { createPaidUser } from '@patentscout/server/testing/test-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { graphql } from './http.js';

let app: TestApp;
let endpoint: LocalEmbeddings;
let port: number;
let user: EmulatorUser;
const drone = patentRow({
  title: 'UNMANNED AERIAL VEHICLE FOR PARCEL DELIVERY',
  abstract:
    'A multirotor unmanned aerial vehicle carries a parcel and lowers it to a recipient at a delivery address.',
});
const others = [
  patentRow({ title: 'PIZZA OVEN WITH A STONE DECK', abstract: 'An oven bakes pizza on a heated stone.' }),
  patentRow({ title: 'BASEBALL BAT OF LAMINATED WOOD', abstract: 'A bat glued from layers of maple.' }),
  patentRow({ title: 'ANTIVIRAL PROTEASE INHIBITOR', abstract: 'A compound that blocks a viral protease.' }),
];
const QUERY = 'a flying drone that drops packages at homes';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address() as { port: number };
      probe.close(() => resolve(found));
    });
  });

const SEARCH = `
  mutation ($input: SearchInput!) {
    aiSearch(input: $input) {
      results { data { lens_id } explanation { meaning { foundByMeaning } } }
    }
  }`;

beforeAll(async () => {
  port = await freePort();
  app = await startTestApp({
    env: { EMBEDDINGS_BASE_URL: `http://127.0.0.1:${port}/v1`, EMBEDDINGS_MODEL: 'stand-in' },
  });
  endpoint = await startLocalEmbeddings(app.database.db, port);
  await insertPatents(app.database.db, [drone, ...others]);
  await sql`ANALYZE patent_search`.execute(app.database.db);
  await buildMeaning(
    app.database.db,
    undefined,
    undefined,
    openAiEmbedder({ baseUrl: endpoint.baseUrl, model: 'stand-in', timeoutMs: 10_000 }),
  );
  user = await createPaidUser(app.database.db, 'Eve');
}, 120_000);
afterAll(async () => {
  await endpoint.stop().catch(() => undefined);
  await app.close();
});

describe('AI search with an OpenAI-compatible embeddings endpoint (ADR 0164)', () => {
  it('embeds the query with the endpoint and finds the patent by meaning', async () => {
    const { data, errors } = await graphql(app.baseUrl, SEARCH, { input: { query: QUERY } }, user.idToken);
    expect(errors).toBeUndefined();
    expect(endpoint.texts).toContain(QUERY);
    expect(data.aiSearch.results.data[0].lens_id).toBe(drone.lens_id);
    expect(data.aiSearch.results.explanation.meaning.foundByMeaning).toContain(drone.lens_id);
  });

  it('searches by words alone when the endpoint is down, without failing the search', async () => {
    await endpoint.stop();
    const { data, errors } = await graphql(
      app.baseUrl,
      SEARCH,
      { input: { query: 'a baseball bat glued from maple layers' } },
      user.idToken,
    );
    expect(errors).toBeUndefined();
    expect(data.aiSearch.results.data[0].lens_id).toBe(others[1]!.lens_id);
    // Nothing was found by meaning: the query had no vector.
    expect(data.aiSearch.results.explanation.meaning).toBeNull();
  });
});
