import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';

let app: TestApp;
const TOKEN = 'a-metrics-token-for-the-scraper';
beforeAll(async () => {
  app = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => app.close());

describe('/metrics in production without METRICS_TOKEN', () => {
  it('is not served on the web port (METRICS_PORT serves it on a port of its own)', async () => {
    const production = await startTestApp({ production: true });
    try {
      expect((await fetch(`${production.baseUrl}/metrics`)).status).toBe(404);
      expect((await fetch(`${production.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  it('refuses a scrape without the bearer token, and answers Prometheus text with it', async () => {
    const anonymous = await fetch(`${app.baseUrl}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(
      (await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401);

    const scrape = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    expect(text).toContain('# TYPE patentscout_http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
  });

  it('leaves /healthz and /readyz open', async () => {
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);
  });
});
