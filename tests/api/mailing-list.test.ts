import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const join = (fields: Record<string, string>) =>
  call(app.baseUrl, 'POST', '/api/v1/mailing-list', {
    rawBody: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });

describe('waiting list', () => {
  it('takes the form-encoded fields, once per address and list, and tells the client where to post', async () => {
    const fields = { firstName: 'Ada', email: 'Ada@Example.com', mailingLists: 'previous-searches' };
    expect(await join(fields)).toEqual({ status: 200, body: { ok: true } });
    expect((await join({ ...fields, firstName: 'Ada again' })).status).toBe(200);
    const rows = await app.database.db.selectFrom('mailing_list').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ email: 'ada@example.com', list: 'previous-searches', first_name: 'Ada' }),
    ]);
    const config = await call(app.baseUrl, 'GET', '/app-config.json');
    expect(config.body.mailingListUrl).toBe('/api/v1/mailing-list');
  });

  it('refuses a missing name, a malformed e-mail or list with a 400 naming the field', async () => {
    const bad = await join({ firstName: '', email: 'not-an-address', mailingLists: 'a list' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.message).toContain('firstName: Please give your first name.');
    expect(bad.body.message).toContain('email: Please give a valid e-mail address.');
    expect(bad.body.message).toContain('mailingLists: List names are letters');
    expect(await app.database.db.selectFrom('mailing_list').select('email').execute()).toHaveLength(1);
  });
});
