import { PassThrough } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../metrics/metrics.js';
import { createLogger } from '../shared/logger.js';
import { logRequests } from './app.js';

describe('request log lines', () => {
  it('one line per API call or page, none for static files, health checks or scrapes', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const app = Fastify({
      loggerInstance: createLogger('info', 'pretty', stream) as FastifyBaseLogger,
      logController: new LogController({ disableRequestLogging: true }),
    });
    const metrics = createMetrics({ role: 'test' });
    logRequests(app, metrics);
    for (const url of ['/healthz', '/readyz', '/metrics', '/api/v1/patents/:lensId', '/assets/index-1a2b.js'])
      app.get(url, async () => 'ok');
    app.get('/broken', async () => {
      throw new Error('boom');
    });
    for (const url of [
      '/healthz',
      '/readyz',
      '/metrics',
      '/api/v1/patents/US_1',
      '/assets/index-1a2b.js',
      '/broken',
    ])
      await app.inject({ method: 'GET', url });
    await app.close();
    await new Promise((resolve) => setImmediate(resolve));

    const requestLines = chunks
      .join('')
      .split('\n')
      .filter((line) => / (INFO|ERROR): GET /.test(line));
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatch(/INFO: GET \/api\/v1\/patents\/US_1 200 \d+ ms$/);
    expect(requestLines[1]).toMatch(/ERROR: GET \/broken 500 \d+ ms$/);
    const text = (await metrics.render()).body;
    expect(text).toContain('route="/api/v1/patents/:lensId"');
    expect(text).toContain('route="static"');
    expect(text).not.toContain('route="/healthz"');
  });
});
