import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Services } from '../features/index.js';
import type { Logger } from '../shared/logger.js';
import { registerGraphQL } from './graphql.js';

afterEach(() => vi.unstubAllEnvs());

describe('GraphQL errors', () => {
  it('keeps the stack trace of a refused request in the log, not in the answer', async () => {
    // The embedded default runs without NODE_ENV=production, where Apollo would add stack traces.
    vi.stubEnv('NODE_ENV', 'development');
    const logged: { err?: { stack?: string } }[] = [];
    const record = (entry: { err?: { stack?: string } }) => void logged.push(entry);
    const logger = { info: record, warn: record, error: record, debug: record } as unknown as Logger;
    const app = Fastify();
    app.decorateRequest('viewer', null);
    await registerGraphQL(app, { services: {} as Services, resolvers: [], logger, production: false });
    const answer = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ noSuchField }' },
    });
    expect(answer.json().errors[0].extensions).not.toHaveProperty('stacktrace');
    expect(logged.some((entry) => /noSuchField/.test(entry.err?.stack ?? ''))).toBe(true);
    await app.close();
  });
});
