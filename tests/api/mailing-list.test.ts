import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalFormService,
  type LocalFormService,
} from '@patentscout/server/integrations/local-form-service';
import { createLogger } from '@patentscout/platform';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

/** The waiting list posts to an external form service (§7); embedded, to its local stand-in. */

let workDir: string;
let stateFile: string;
let formService: LocalFormService;
const logger = createLogger('silent');

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'patentscout-form-service-'));
  stateFile = path.join(workDir, 'local-form-service.json');
  formService = await startLocalFormService({ port: 0, logger, stateFile });
});
afterAll(async () => {
  await formService.stop();
  await rm(workDir, { recursive: true, force: true });
});

/** Posts as the browser does from the app's page: form-encoded, from the app's origin. */
const join = (fields: Record<string, string>) =>
  fetch(formService.formUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    body: new URLSearchParams(fields),
  });

describe('the local form service', () => {
  it('takes the form-encoded fields from another origin, once per address and list, and keeps them across a restart', async () => {
    const fields = { firstName: 'Ada', email: 'Ada@Example.com', mailingLists: 'previous-searches' };
    const first = await join(fields);
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.json()).toEqual({ ok: true });
    expect((await join({ ...fields, firstName: 'Ada again' })).status).toBe(200);

    const expected = [
      {
        firstName: 'Ada',
        email: 'ada@example.com',
        mailingLists: 'previous-searches',
        receivedAt: expect.any(String),
      },
    ];
    expect(await (await fetch(`${formService.url}/entries`)).json()).toEqual(expected);
    expect(JSON.parse(await readFile(stateFile, 'utf8'))).toEqual(expected);
    const page = await (await fetch(formService.url)).text();
    expect(page).toContain('ada@example.com');

    await formService.stop();
    formService = await startLocalFormService({ port: 0, logger, stateFile });
    expect(await (await fetch(`${formService.url}/entries`)).json()).toEqual(expected);
  });

  it('refuses a missing name, a malformed e-mail or list with a 400 naming the field, and keeps nothing', async () => {
    for (const [fields, message] of [
      [
        { firstName: '', email: 'bo@example.com', mailingLists: 'previous-searches' },
        'firstName: Please give your first name.',
      ],
      [
        { firstName: 'Bo', email: 'not-an-address', mailingLists: 'previous-searches' },
        'email: Please give a valid e-mail address.',
      ],
      [
        { firstName: 'Bo', email: 'bo@example.com', mailingLists: 'a list' },
        'mailingLists: List names are letters',
      ],
    ] as const) {
      const refused = await join(fields);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(message);
    }
    const entries = (await (await fetch(`${formService.url}/entries`)).json()) as Array<{ email: string }>;
    expect(entries.map((entry) => entry.email)).not.toContain('bo@example.com');
  });
});

describe("the app's configuration of the waiting list and the landing page's links", () => {
  let app: TestApp;
  afterAll(() => app?.close());

  it('tells the browser the form service and the site pages, and lets it post there (CSP connect-src)', async () => {
    app = await startTestApp({
      env: {
        MAILING_LIST_URL: 'https://forms.patentscout.example/subscribe/previous-searches',
        FEATURES_URL: 'https://www.patentscout.example/features',
      },
    });
    const config = await call(app.baseUrl, 'GET', '/app-config.json');
    expect(config.body).toMatchObject({
      mailingListUrl: 'https://forms.patentscout.example/subscribe/previous-searches',
      featuresUrl: 'https://www.patentscout.example/features',
      docsUrl: '/docs',
    });
    const response = await fetch(`${app.baseUrl}/app-config.json`);
    const connectSrc = /connect-src ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(connectSrc?.split(' ')).toContain('https://forms.patentscout.example');
    // The app no longer takes the form itself.
    expect(
      (await call(app.baseUrl, 'POST', '/api/v1/mailing-list', { body: { firstName: 'Ada' } })).status,
    ).toBe(404);
  });
});
