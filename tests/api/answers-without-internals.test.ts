import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

/** Issue 59, item 11: integers in query strings are decimal digits only. */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
});
afterAll(() => app.close());

describe('answers without internals', () => {
  it('takes `first` of the similar patents in decimal digits only', async () => {
    for (const first of ['0x10', '1e1', '%205', '', '0b1', '5.0']) {
      const answer = await call(
        app.baseUrl,
        'GET',
        `/api/v1/patents/999-999-999-999-999/similar?first=${first}`,
      );
      expect(answer.status, first).toBe(400);
      expect(answer.body.message).toMatch(/first must be a whole number, in decimal digits/);
    }
    // Decimal digits pass the check: the unknown patent is the answer then.
    const decimal = await call(app.baseUrl, 'GET', '/api/v1/patents/999-999-999-999-999/similar?first=16');
    expect(decimal.status).toBe(404);
  });
});
