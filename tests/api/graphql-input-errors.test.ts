import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

/**
 * Input errors are the caller's: variables of the wrong type, unknown enum values and ids that
 * are not ids answer 400 with an input error's code, in GraphQL and REST alike, never INTERNAL.
 */
let app: TestApp;
let user: EmulatorUser;

beforeAll(async () => {
  app = await startTestApp();
  user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Ines' })
    .execute();
});
afterAll(() => app.close());

const post = (query: string, variables: Record<string, unknown>) =>
  call(app.baseUrl, 'POST', '/graphql', { token: user.idToken, body: { query, variables } });

describe('input errors', () => {
  it.each([
    ['a list for an ID', 'query($id: ID!) { resultSet(id: $id) { id } }', { id: ['2020', '2021'] }],
    ['an object for an ID', 'query($id: ID!) { resultSet(id: $id) { id } }', { id: { id: 1 } }],
    ['a missing required ID', 'query($id: ID!) { resultSet(id: $id) { id } }', {}],
    [
      'an unknown enum value',
      'query($kind: HighlightKind!) { matchHighlights(kind: $kind, query: "x", lensIds: []) { lensId } }',
      { kind: 'BOGUS' },
    ],
    [
      'a number for a string list',
      'mutation($input: SearchInput!) { booleanSearch(input: $input) { results { total } } }',
      { input: { query: 'solar', jurisdiction: 7 } },
    ],
    [
      'text for the years',
      'mutation($input: SearchInput!) { aiSearch(input: $input) { results { total } } }',
      { input: { query: 'a mount for solar panels on roofs', years: ['from', 'to'] } },
    ],
    [
      'a favourite id of the wrong type',
      'mutation($input: RemoveFavouriteInput!) { removeFavourite(input: $input) { id } }',
      { input: { id: true } },
    ],
  ])('answers %s in variables with 400 BAD_USER_INPUT', async (_what, query, variables) => {
    const response = await post(query, variables);
    expect(response.status).toBe(400);
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors.length).toBeGreaterThan(0);
    for (const error of response.body.errors) {
      expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT' });
      expect(error.message).toMatch(/^Variable "\$\w+"/);
    }
  });

  it('answers an unknown enum value written in the document as a validation error, 400', async () => {
    const response = await post('{ matchHighlights(kind: BOGUS, query: "x", lensIds: []) { lensId } }', {});
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers ids that are not ids in REST with 400 or 404, never INTERNAL', async () => {
    const token = user.idToken;
    const answers = await Promise.all([
      call(app.baseUrl, 'DELETE', '/api/v1/favourites/not-a-number', { token }),
      call(app.baseUrl, 'DELETE', '/api/v1/favourites/99999999999999999999999', { token }),
      call(app.baseUrl, 'GET', '/api/v1/result-sets/%00', { token }),
      call(app.baseUrl, 'GET', '/api/v1/oneshot-search/%E2%80%AE/report.pdf', { token }),
      call(app.baseUrl, 'POST', '/api/v1/boolean-search', { token, body: { query: ['solar'] } }),
      call(app.baseUrl, 'POST', '/api/v1/ai-search', { token, body: { query: 'solar', years: 'all' } }),
    ]);
    for (const answer of answers) {
      expect([400, 404]).toContain(answer.status);
      expect(answer.body.code).not.toBe('INTERNAL');
    }
    expect(answers.slice(-2).map((answer) => answer.body.code)).toEqual([
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
    ]);
  });
});
