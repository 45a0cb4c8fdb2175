import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

/** The GraphQL endpoint itself, as analysts' tools use it (operations run compiled, see graphql-executor.ts). */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('POST /graphql', () => {
  it('answers an introspection query, so that analysts’ tools can read the schema', async () => {
    const { data, errors } = await graphql(
      app.baseUrl,
      '{ __schema { mutationType { fields { name } } } __type(name: "SearchInput") { inputFields { name } } }',
    );
    expect(errors).toBeUndefined();
    expect(data.__schema.mutationType.fields.map((field: { name: string }) => field.name)).toEqual(
      expect.arrayContaining(['aiSearch', 'booleanSearch', 'addFavourite']),
    );
    expect(data.__type.inputFields.map((field: { name: string }) => field.name)).toEqual([
      'query',
      'ipc_filters',
      'legal_status',
      'jurisdiction',
      'years',
      'kind',
      'publication_type',
    ]);
  });

  it('refuses an operation that does not fit the schema with 400 and a validation error', async () => {
    const response = await call(app.baseUrl, 'POST', '/graphql', { body: { query: '{ noSuchField }' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      message: 'Cannot query field "noSuchField" on type "Query".',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });

  it('runs the same operation again from its compiled form, with other variables', async () => {
    const patent = (lensId: string) =>
      graphql(app.baseUrl, 'query($id: ID!) { patent(lensId: $id) { data { lens_id } } }', { id: lensId });
    expect(await patent('000-000-000-000-00X')).toMatchObject({ data: { patent: null } });
    const missing = await patent(' ');
    expect(missing.errors?.[0]).toMatchObject({
      message: 'Lens ID is required.',
      extensions: { code: 'PATENT_ID_REQUIRED', status: 400 },
    });
  });
});
