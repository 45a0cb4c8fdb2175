import { call } from './http.js';
import { gql, rest, SEARCH, type Operation } from './authorization-matrix.kit.js';

/** The REST routes' rows of the authorization matrix (the collections' are apart). */
export const REST_OPERATIONS: Record<string, Operation> = {
  'GET /api/users': {
    name: 'read the account',
    run: rest('GET', () => '/api/users'),
    otherUser: 'own data',
    unverified: { status: 428 },
  },
  'PATCH /api/users': {
    name: 'change the account',
    run: rest(
      'PATCH',
      () => '/api/users',
      (ids) => ({ uid: ids.ownerUid, name: 'Taken over' }),
    ),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  'DELETE /api/users': {
    name: 'delete the account',
    run: rest(
      'DELETE',
      () => '/api/users',
      (ids) => ({ email: ids.ownerEmail }),
    ),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  'POST /api/register-google-user': {
    name: 'register a Google account',
    run: rest(
      'POST',
      () => '/api/register-google-user',
      (ids) => ({ uid: ids.ownerUid, email: ids.ownerEmail, displayName: 'X', createdAt: '1' }),
    ),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  'GET /api/users/searchCount': {
    name: 'read the search count',
    run: rest('GET', () => '/api/users/searchCount'),
    otherUser: 'own data',
  },
  'GET /api/users/plan': {
    name: 'read the plan',
    run: rest('GET', () => '/api/users/plan'),
    otherUser: 'own data',
  },
  'POST /api/v1/ai-search': {
    name: 'AI search',
    run: rest(
      'POST',
      () => '/api/v1/ai-search',
      () => SEARCH,
    ),
    otherUser: 'own data',
  },
  'POST /api/v1/boolean-search': {
    name: 'advanced search',
    run: rest(
      'POST',
      () => '/api/v1/boolean-search',
      () => ({ query: 'solar' }),
    ),
    otherUser: 'own data',
  },
  'GET /api/v1/favourites': {
    name: 'list favourites',
    run: rest('GET', () => '/api/v1/favourites'),
    otherUser: 'own data',
  },
  'PUT /api/v1/favourites': {
    name: 'save a favourite',
    run: rest(
      'PUT',
      () => '/api/v1/favourites',
      () => ({ doc_key: 'US_1_A', patent_title: 'T', lens_id: '000-111-222-333-444' }),
    ),
    otherUser: 'own data',
  },
  'DELETE /api/v1/favourites/:id': {
    name: "delete the owner's favourite",
    run: rest('DELETE', (ids) => `/api/v1/favourites/${ids.favouriteId}`),
    otherUser: { status: 404, code: 'FAVOURITE_NOT_FOUND' },
  },
  'POST /api/v1/registerSearchUpdates': {
    name: 'follow a search',
    run: async (baseUrl, token) => {
      const answer = await call(baseUrl, 'POST', '/api/v1/registerSearchUpdates', {
        token,
        rawBody: 'query=solar+panel+cleaning+robots+for+roofs&type=ai',
        contentType: 'text/plain',
      });
      return { status: answer.status, code: answer.body?.code };
    },
    otherUser: 'own data',
  },
  'POST /api/v1/oneshot-search': {
    name: 'order a one-shot search',
    run: rest(
      'POST',
      () => '/api/v1/oneshot-search',
      () => ({ query: 'a robot that cleans the solar panels on a roof' }),
    ),
    otherUser: 'own data',
  },
  'GET /api/v1/oneshot-search/:id/report.pdf': {
    name: "download the owner's one-shot report",
    run: rest('GET', (ids) => `/api/v1/oneshot-search/${ids.oneShotId}/report.pdf`),
    otherUser: { status: 404, code: 'ONESHOT_NOT_FOUND' },
  },
  // A kept result set is meant to be shared: any verified user may open it (not a search).
  'GET /api/v1/result-sets/:id': {
    name: 'replay a kept result set',
    run: rest('GET', (ids) => `/api/v1/result-sets/${ids.resultSetId}`),
    otherUser: 'own data',
  },
  'GET /api/v1/result-sets/:id/counts': {
    name: "count a kept result set's matches",
    run: rest('GET', (ids) => `/api/v1/result-sets/${ids.resultSetId}/counts`),
    otherUser: 'own data',
  },
  resultSet: {
    name: 'replay a kept result set',
    run: gql('query R($id: ID!) { resultSet(id: $id) { id } }', (ids) => ({ id: ids.resultSetId })),
    otherUser: 'own data',
  },
  resultSetCounts: {
    name: "count a kept result set's matches",
    run: gql('query R($id: ID!) { resultSetCounts(id: $id) { total } }', (ids) => ({ id: ids.resultSetId })),
    otherUser: 'own data',
  },
  'POST /payments/create-checkout-session': {
    name: 'start a checkout',
    run: rest('POST', () => '/payments/create-checkout-session?plan=discover'),
    otherUser: 'own data',
  },
  'POST /payments/create-portal-session': {
    name: 'open the billing portal',
    run: rest('POST', () => '/payments/create-portal-session'),
    otherUser: 'own data',
  },
};
