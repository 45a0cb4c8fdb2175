import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as clientDocuments from '../../client/src/__generated__/graphql.js';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

let app: TestApp;
let user: EmulatorUser;

beforeAll(async () => {
  app = await startTestApp();
  user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Gil' })
    .execute();
});
afterAll(() => app.close());

const searchCount = async () =>
  (await call(app.baseUrl, 'GET', '/api/users/searchCount', { token: user.idToken })).body as number;

const input = { query: 'robots that clean solar panels on roofs' };

describe('GraphQL limits', () => {
  it('refuses more than one search in an operation, by aliases, by kinds or through fragments, running none', async () => {
    const aliases = Array.from(
      { length: 30 },
      (_, n) => `s${n}: aiSearch(input: $input) { account { searchCount } }`,
    );
    const operations = [
      `mutation Many($input: SearchInput!) { ${aliases.slice(0, 2).join(' ')} }`,
      `mutation Kinds($input: SearchInput!) { aiSearch(input: $input) { account { searchCount } } booleanSearch(input: $input) { account { searchCount } } }`,
      `mutation Frag($input: SearchInput!) { ...Twice } fragment Twice on Mutation { a: aiSearch(input: $input) { account { searchCount } } b: aiSearch(input: $input) { account { searchCount } } }`,
    ];
    for (const operation of operations) {
      const answer = await graphql(app.baseUrl, operation, { input }, user.idToken);
      expect(answer.status).toBe(400);
      expect(answer.errors?.[0]?.message).toMatch(
        /^One search per request, please: this operation asks for 2 searches\.$/,
      );
      // Apollo answers every validation refusal with its own code.
      expect(answer.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    const thirty = await graphql(
      app.baseUrl,
      `mutation Many($input: SearchInput!) { ${aliases.join(' ')} }`,
      { input },
      user.idToken,
    );
    expect(thirty.status).toBe(400);
    expect(thirty.errors?.map((error) => error.message).join(' ')).toContain('asks for 30 searches');
    expect(await searchCount()).toBe(0);

    const one = await graphql(
      app.baseUrl,
      `mutation One($input: SearchInput!) { ${aliases[0]} }`,
      { input },
      user.idToken,
    );
    expect(one.errors).toBeUndefined();
    expect(await searchCount()).toBe(1);
  });

  it('refuses too deep, too many aliases and batched requests with a clear error', async () => {
    const nested = (levels: number): string => (levels === 0 ? 'name' : `ofType { ${nested(levels - 1)} }`);
    const deep = await graphql(app.baseUrl, `{ __schema { types { fields { type { ${nested(14)} } } } } }`);
    expect(deep.status).toBe(400);
    expect(deep.errors?.[0]?.message).toMatch(/depth limit/i);

    const aliases = Array.from({ length: 11 }, (_, n) => `a${n}: ok`).join(' ');
    const manyAliases = await graphql(app.baseUrl, `{ ${aliases} }`);
    expect(manyAliases.status).toBe(400);
    expect(manyAliases.errors?.[0]?.message).toMatch(/aliases limit/i);

    const tooLong = await graphql(app.baseUrl, `{ ${Array.from({ length: 3001 }, () => 'ok').join(' ')} }`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.errors?.[0]?.message).toMatch(/Document contains more th\w+ 3000 tokens/);
    for (const garbage of ['😂', 'abc', '{']) {
      const unreadable = await graphql(app.baseUrl, garbage);
      expect(unreadable.status).toBe(400);
      expect(unreadable.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    }

    // A fragment spread twice in each of 13 fragments asks for 2^13 fields in a few hundred tokens.
    const fragments = Array.from({ length: 14 }, (_, n) =>
      n === 0 ? 'fragment F0 on Query { ok }' : `fragment F${n} on Query { ...F${n - 1} ...F${n - 1} }`,
    );
    const costly = await graphql(
      app.baseUrl,
      `
        {
          ...F13
        }
        ${fragments.join(' ')}
      `,
    );
    expect(costly.status).toBe(400);
    expect(costly.errors?.[0]?.message).toMatch(/cost limit/i);

    const directives = Array.from({ length: 11 }, () => '@include(if: true)').join(' ');
    const manyDirectives = await graphql(app.baseUrl, `{ ok ${directives} }`);
    expect(manyDirectives.status).toBe(400);
    expect(manyDirectives.errors?.[0]?.message).toMatch(/directives limit/i);

    const batch = await call(app.baseUrl, 'POST', '/graphql', {
      body: [{ query: '{ ok }' }, { query: '{ ok }' }],
    });
    expect(batch.status).toBe(400);
    expect(JSON.stringify(batch.body)).toMatch(/batch/i);
  });

  it("lets every operation of the product's own client through the limits", async () => {
    const documents = Object.values(clientDocuments).filter(
      (value): value is DocumentNode =>
        typeof value === 'object' &&
        value !== null &&
        (value as DocumentNode).kind === 'Document' &&
        (value as DocumentNode).definitions.some((definition) => definition.kind === 'OperationDefinition'),
    );
    expect(documents.length).toBeGreaterThan(10);
    for (const document of documents) {
      const answer = await graphql(app.baseUrl, print(document), {}, user.idToken);
      const refusals = (answer.errors ?? []).filter((error) =>
        ['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED'].includes(String(error.extensions?.code)),
      );
      expect(refusals, print(document).slice(0, 80)).toEqual([]);
    }
  });
});
