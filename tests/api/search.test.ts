import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { familyRows, insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';
import { pizzaPatent, solarPatent } from './search-patents.js';
import { createPaidUser, createVerifiedUser } from '@patentscout/server/testing/test-users';

let app: TestApp;
let user: EmulatorUser;
const battery = patentRow({
  title: 'LITHIUM ION BATTERY ELECTRODE',
  abstract: 'An electrode for a rechargeable lithium battery.',
  first_ipc: 'H01M4/13',
  ipc_symbols: ['H01M4/13'],
  jurisdiction: 'AU',
  kind: 'A1',
  date_published: '2016-05-05',
  family_id: 'fam-1',
});
const batteryTwin = patentRow({
  title: 'LITHIUM BATTERY ELECTRODE COATING',
  abstract: 'Coating of electrodes.',
  first_ipc: 'H01M4/62',
  ipc_symbols: ['H01M4/62'],
  jurisdiction: 'US',
  date_published: '2021-01-01',
  family_id: 'fam-1',
  patent_status: 'PENDING',
});
const solar = solarPatent;
const pizza = pizzaPatent;

familyRows('fam-1', [battery, batteryTwin]);

beforeAll(async () => {
  app = await startTestApp({ env: { FREE_SEARCHES_PER_MONTH: '3' } });
  await insertPatents(app.database.db, [battery, batteryTwin, solar, pizza]);
  // Subscribed, so that the many searches below are not cut off by the (lowered) free allowance.
  user = await createPaidUser(app.database.db, 'Sam');
});
afterAll(() => app.close());

const aiSearch = (body: unknown, token = user.idToken) =>
  call(app.baseUrl, 'POST', '/api/v1/ai-search', { token, body });

describe('POST /api/v1/ai-search', () => {
  it('answers 401 "User not authenticated" when signed out', async () => {
    const response = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
      token: '',
      body: { query: 'lithium battery electrodes for cars' },
    });
    expect(response).toEqual({
      status: 401,
      body: { message: 'User not authenticated', code: 'NOT_AUTHENTICATED' },
    });
  });

  it('finds documents matching some of the words, best matches first, in the result-set shape', async () => {
    const response = await aiSearch({ query: 'electrodes for lithium batteries' });
    expect(response.status).toBe(200);
    // Three matching publications, in two simple families: one item per family.
    expect(response.body.total).toBe(3);
    expect(response.body.results).toBe(2);
    expect(response.body.group_by_count).toBe(2);
    const ids = response.body.data.map((item: { lens_id: string }) => item.lens_id);
    expect(ids).toEqual([batteryTwin.lens_id, solar.lens_id]);
    expect(response.body.data[0]).toMatchObject({
      search_result_order: 1,
      generative_data: { title: 'A widget' },
      family_members: [
        {
          lens_id: battery.lens_id,
          jurisdiction: 'AU',
          doc_number: battery.doc_number,
          kind: 'A1',
          date: '2016-05-05',
        },
      ],
    });
    expect(response.body.data[1].family_members).toEqual([]);
    // Asked for its office, the family is represented by that member, which is sent in full.
    const byOffice = await aiSearch({ query: 'electrodes for lithium batteries', jurisdiction: ['AU'] });
    const first = byOffice.body.data[0];
    expect(first).toEqual({
      lens_id: battery.lens_id,
      doc_key: battery.doc_key,
      patent_status: 'ACTIVE',
      search_result_order: expect.any(Number),
      ipc_families: [{ symbol: 'H01M4/13' }],
      generative_data: {
        title: 'A widget',
        summary: 'A widget that does things.',
        types: ['Invention'],
        uses: ['Doing things', 'Making widgets, cheaply'],
      },
      biblio: {
        publication_reference: {
          jurisdiction: 'AU',
          doc_number: battery.doc_number,
          kind: 'A1',
          date: '2016-05-05',
        },
        invention_title: 'LITHIUM ION BATTERY ELECTRODE',
      },
      family_members: [
        {
          lens_id: batteryTwin.lens_id,
          jurisdiction: 'US',
          doc_number: batteryTwin.doc_number,
          kind: 'B2',
          date: '2021-01-01',
        },
      ],
    });
  });

  it('never sends two items of one simple family, through REST and GraphQL alike', async () => {
    const family = familyRows(
      'fam-2',
      ['EP', 'US', 'CA'].map((jurisdiction) =>
        patentRow({
          title: 'HYDROGEN FUEL CELL STACK',
          abstract: 'A hydrogen fuel cell stack with a cooling plate.',
          jurisdiction,
        }),
      ),
    );
    await insertPatents(app.database.db, family);
    const query = 'hydrogen fuel cell stack cooling';
    const response = await aiSearch({ query });
    expect(response.status).toBe(200);
    const familyIds = response.body.data.map(
      (item: { lens_id: string; family_members: { lens_id: string }[] }) =>
        [item.lens_id, ...item.family_members.map((member) => member.lens_id)].sort().join(),
    );
    expect(new Set(familyIds).size).toBe(familyIds.length);
    const hydrogen = response.body.data.filter((item: { lens_id: string }) =>
      family.some((member) => member.lens_id === item.lens_id),
    );
    expect(hydrogen).toHaveLength(1);
    expect(hydrogen[0].family_members).toHaveLength(2);
    const viaGraphql = await graphql(
      app.baseUrl,
      `
        mutation ($input: SearchInput!) {
          aiSearch(input: $input) {
            results {
              results
              data {
                lens_id
                family_members {
                  lens_id
                  jurisdiction
                  doc_number
                  kind
                  date
                }
              }
            }
          }
        }
      `,
      { input: { query } },
      user.idToken,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.aiSearch.results.data).toEqual(
      response.body.data.map((item: { lens_id: string; family_members: unknown[] }) => ({
        lens_id: item.lens_id,
        family_members: item.family_members,
      })),
    );
  });

  it('applies the filters: IPC prefix, legal status, country and years', async () => {
    const query = 'electrodes for lithium batteries';
    const byIpc = await aiSearch({ query, ipc_filters: ['H01M4/6'] });
    expect(byIpc.body.data.map((item: { lens_id: string }) => item.lens_id)).toEqual([batteryTwin.lens_id]);
    const byStatus = await aiSearch({ query, legal_status: ['pending'] });
    expect(byStatus.body.data.map((item: { lens_id: string }) => item.lens_id)).toEqual([
      batteryTwin.lens_id,
    ]);
    const byCountry = await aiSearch({ query, jurisdiction: ['AU'] });
    expect(byCountry.body.data.map((item: { lens_id: string }) => item.lens_id)).toEqual([battery.lens_id]);
    const byYears = await aiSearch({ query, years: [2010, 2013] });
    expect(byYears.body.data.map((item: { lens_id: string }) => item.lens_id)).toEqual([solar.lens_id]);
    // The battery is an application (A1); its twin and the solar patent are granted (B2).
    const granted = await aiSearch({ query, kind: ['B'] });
    expect(granted.body.data.map((item: { lens_id: string }) => item.lens_id).sort()).toEqual(
      [batteryTwin.lens_id, solar.lens_id].sort(),
    );
    const applications = await aiSearch({ query, kind: ['a'] });
    expect(applications.body.data.map((item: { lens_id: string }) => item.lens_id)).toEqual([
      battery.lens_id,
    ]);
  });
});

const freshUser = () => createVerifiedUser(app.database.db, 'Other');

describe('boolean search and GraphQL', () => {
  it('runs the interim advanced search through REST and GraphQL alike', async () => {
    const searcher = await freshUser();
    const rest = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: searcher.idToken,
      body: { query: 'pizza OR solar' },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data.map((item: { lens_id: string }) => item.lens_id).sort()).toEqual(
      [pizza.lens_id, solar.lens_id].sort(),
    );
    const { data, errors } = await graphql(
      app.baseUrl,
      `
        mutation ($input: SearchInput!) {
          booleanSearch(input: $input) {
            results {
              total
              results
              group_by_count
              data {
                lens_id
              }
            }
            account {
              uid
              searchCount
              freeSearchesPerMonth
              limited
            }
          }
        }
      `,
      { input: { query: 'pizza' } },
      searcher.idToken,
    );
    expect(errors).toBeUndefined();
    expect(data.booleanSearch).toEqual({
      results: { total: 1, results: 1, group_by_count: 1, data: [{ lens_id: pizza.lens_id }] },
      // The payload's account already counts this search, so a client's cache needs no second query.
      account: { uid: searcher.uid, searchCount: 2, freeSearchesPerMonth: 3, limited: false },
    });
  });
});
