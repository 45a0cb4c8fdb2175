import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

let app: TestApp;
const withFamily = patentRow({
  title: 'LITHIUM ANODE',
  inventors: ['SMITH ANNA', 'LEE BO'],
  applicants: ['THE UNIVERSITY OF MELBOURNE'],
  family_members: JSON.stringify([['111-222-333-444-555', 'EP', '3123456', 'A1', '2018-02-01']]),
  title_lang: 'en',
});
const withoutAiText = patentRow({
  ai_title: null,
  ai_summary: null,
  ai_types: null,
  ai_uses: null,
  anticipated_term_date: null,
});

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [withFamily, withoutAiText]);
});
afterAll(() => app.close());

describe('GET /api/v1/patents/{lensId}', () => {
  it("answers {generative_data, data} in the specification's shape", async () => {
    const response = await call(app.baseUrl, 'GET', `/api/v1/patents/${withFamily.lens_id}`);
    expect(response.status).toBe(200);
    expect(response.body.generative_data).toEqual({
      title: 'A widget',
      summary: 'A widget that does things.',
      types: ['Invention'],
      uses: ['Doing things', 'Making widgets, cheaply'],
    });
    expect(response.body.data).toMatchObject({
      lens_id: withFamily.lens_id,
      doc_key: withFamily.doc_key,
      date_published: '2019-03-07',
      biblio: {
        invention_title: [{ text: 'LITHIUM ANODE', lang: 'en' }],
        parties: {
          inventors: [{ extracted_name: { value: 'SMITH ANNA' } }, { extracted_name: { value: 'LEE BO' } }],
          applicants: [{ extracted_name: { value: 'THE UNIVERSITY OF MELBOURNE' } }],
          owners_all: [],
        },
        priority_claims: { earliest_claim: { date: '2017-01-05' } },
        publication_reference: {
          jurisdiction: 'US',
          doc_number: withFamily.doc_number,
          kind: 'B2',
          date: '2019-03-07',
        },
      },
      legal_status: { patent_status: 'ACTIVE', anticipated_term_date: '2037-01-05' },
      families: {
        simple_family: {
          members: [
            {
              lens_id: '111-222-333-444-555',
              document_id: { jurisdiction: 'EP', doc_number: '3123456', kind: 'A1', date: '2018-02-01' },
            },
          ],
        },
      },
    });
  });

  it('answers generative_data null for a patent without AI text', async () => {
    const response = await call(app.baseUrl, 'GET', `/api/v1/patents/${withoutAiText.lens_id}`);
    expect(response.status).toBe(200);
    expect(response.body.generative_data).toBeNull();
    expect(response.body.data.legal_status.anticipated_term_date).toBeNull();
  });

  it('answers 400 "Lens ID is required." without an id', async () => {
    for (const path of ['/api/v1/patents/', '/api/v1/patents', '/api/v1/patents/%20']) {
      const response = await call(app.baseUrl, 'GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body).toEqual({ message: 'Lens ID is required.', code: 'PATENT_ID_REQUIRED' });
    }
  });

  it('answers 404 with a message for an unknown id', async () => {
    const response = await call(app.baseUrl, 'GET', '/api/v1/patents/999-999-999-999-999');
    expect(response.status).toBe(404);
    expect(response.body.message).toContain('999-999-999-999-999');
  });

  it('serves the same patent through GraphQL', async () => {
    const { data, errors } = await graphql(
      app.baseUrl,
      'query($id: ID!) { patent(lensId: $id) { generative_data { title } data { lens_id biblio { invention_title { text } } } } }',
      { id: withFamily.lens_id },
    );
    expect(errors).toBeUndefined();
    expect(data.patent).toEqual({
      generative_data: { title: 'A widget' },
      data: { lens_id: withFamily.lens_id, biblio: { invention_title: [{ text: 'LITHIUM ANODE' }] } },
    });
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON rather than the client page', async () => {
    const response = await call(app.baseUrl, 'GET', '/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/No such endpoint/);
  });
});
