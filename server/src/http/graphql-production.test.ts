import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Services } from '../features/index.js';
import { createLogger } from '../shared/logger.js';
import { registerGraphQL } from './graphql.js';

async function graphqlApp(production: boolean) {
  const app = Fastify();
  app.decorateRequest('viewer', null);
  await registerGraphQL(app, {
    services: {} as Services,
    resolvers: [],
    logger: createLogger('silent'),
    production,
  });
  return app;
}

const introspection = { query: '{ __schema { queryType { name } } }' };

describe('GraphQL in production', () => {
  it('refuses introspection and serves no landing page', async () => {
    const app = await graphqlApp(true);
    const answer = await app.inject({ method: 'POST', url: '/graphql', payload: introspection });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].message).toMatch(/introspection is not allowed/i);
    const landing = await app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(landing.body).not.toMatch(/<html/i);
    await app.close();
  });

  it('allows introspection elsewhere, for development tools', async () => {
    const app = await graphqlApp(false);
    const answer = await app.inject({ method: 'POST', url: '/graphql', payload: introspection });
    expect(answer.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    await app.close();
  });
});
