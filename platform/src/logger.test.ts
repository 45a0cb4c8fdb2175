import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

function collect(): { stream: PassThrough; text(): string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { stream, text: () => chunks.join('') };
}

describe('createLogger', () => {
  it('pretty: one readable line an event, a request line without its fields, secrets redacted', async () => {
    const out = collect();
    const logger = createLogger('info', 'pretty', out.stream);
    logger.info({ http: { method: 'GET', url: '/api/x', status: 200, ms: 3 } }, 'GET /api/x 200 3 ms');
    logger.warn({ token: 'secret-token', queue: 'mail.flush' }, 'job slow');
    logger.debug('not shown at info');
    await new Promise((resolve) => setImmediate(resolve));
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/x 200 3 ms$/);
    expect(lines[1]).toMatch(/WARN: job slow/);
    expect(lines[1]).toContain('"queue":"mail.flush"');
    expect(lines[1]).not.toContain('secret-token');
  });

  it('json: one JSON object a line, with the fields', async () => {
    const out = collect();
    createLogger('info', 'json', out.stream).info({ http: { status: 200 } }, 'hello');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(out.text().trim())).toMatchObject({ level: 30, msg: 'hello', http: { status: 200 } });
  });
});
