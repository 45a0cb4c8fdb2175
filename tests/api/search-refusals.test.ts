import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { createVerifiedUser } from '@patentscout/server/testing/test-users';
import { call } from './http.js';

/** What a search refuses (bad input, with its message and code) and never sends (a broken answer). */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const freshUser = () => createVerifiedUser(app.database.db, 'Other');

describe('validation', () => {
  it.each([
    [{ query: 'too short' }, 'Please enter at least 20 characters'],
    [
      { query: 'a long enough query about batteries', years: [2020, 2010] },
      'The "from" year cannot be after the "to" year.',
    ],
    [
      { query: 'a long enough query about batteries', years: [1700, 2010] },
      'years.0: Years must be 1824 or later.',
    ],
    [
      { query: 'a long enough query about batteries', legal_status: ['alive'] },
      'legal_status.0: Legal status must be one of',
    ],
    [
      { query: 'a long enough query about batteries', jurisdiction: ['USA'] },
      'jurisdiction.0: Countries must be two-letter codes',
    ],
    [
      { query: 'a long enough query about batteries', kind: ['B', 'X'] },
      'kind.1: Kinds must be kind-code letters',
    ],
  ])('rejects %j with 400', async (body, message) => {
    const response = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
      token: (await freshUser()).idToken,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    expect(response.body.code).toBe(
      message.startsWith('Please enter') ? 'QUERY_TOO_SHORT' : 'VALIDATION_FAILED',
    );
  });

  it('answers an advanced query it cannot read with 400, QUERY_SYNTAX and the position', async () => {
    const response = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: (await freshUser()).idToken,
      body: { query: 'solar AND (panel' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'QUERY_SYNTAX',
      message: expect.stringMatching(/^Query error at character \d+/),
    });
  });
});

describe('answer check', () => {
  it('never sends an answer that breaks the result shape: 500, nothing counted', async () => {
    const searcher = await freshUser();
    const odd = patentRow({
      title: 'ZEPPELIN MOORING MAST',
      abstract: 'A mast for mooring a zeppelin.',
      patent_status: 'HALF_GRANTED',
    });
    await insertPatents(app.database.db, [odd]);
    const response = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: searcher.idToken,
      body: { query: 'zeppelin' },
    });
    expect(response).toEqual({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again later.', code: 'INTERNAL' },
    });
    expect((await call(app.baseUrl, 'GET', '/api/users/searchCount', { token: searcher.idToken })).body).toBe(
      0,
    );
    await app.database.db.deleteFrom('patents').where('lens_id', '=', odd.lens_id).execute();
  });
});
