import { randomUUID } from 'node:crypto';

/** Every collections call, REST and GraphQL, with what each kind of caller gets. */
export type Caller = 'owner' | 'editor' | 'viewer' | 'link' | 'stranger' | 'signedOut';
export const CALLERS: Caller[] = ['owner', 'editor', 'viewer', 'link', 'stranger', 'signedOut'];
/** 'ok' is any 2xx answer; otherwise the status expected. */
export type Expected = Record<Caller, 'ok' | 401 | 403 | 404>;

export interface Fixture {
  id: string;
  linkToken: string;
  inviteToken: string;
  inviteeEmail: string;
}
export interface Operation {
  rest: (fixture: Fixture) => { method: string; path: string; body?: unknown };
  graphql: (fixture: Fixture) => { query: string; variables?: Record<string, unknown> };
  expected: Expected;
}

export const MEMBER = '200-000-000-000-001';
export const OTHER = '200-000-000-000-002';
const EVERYONE: Expected = {
  owner: 'ok',
  editor: 'ok',
  viewer: 'ok',
  link: 'ok',
  stranger: 'ok',
  signedOut: 401,
};
const READERS: Expected = {
  owner: 'ok',
  editor: 'ok',
  viewer: 'ok',
  link: 404,
  stranger: 404,
  signedOut: 401,
};
const EDITORS: Expected = {
  owner: 'ok',
  editor: 'ok',
  viewer: 403,
  link: 404,
  stranger: 404,
  signedOut: 401,
};
const OWNER: Expected = { owner: 'ok', editor: 403, viewer: 403, link: 404, stranger: 404, signedOut: 401 };

export const OPERATIONS: Record<string, Operation> = {
  'list collections': {
    rest: () => ({ method: 'GET', path: '' }),
    graphql: () => ({ query: '{ collections { id } }' }),
    expected: EVERYONE,
  },
  'read a collection': {
    rest: (f) => ({ method: 'GET', path: `/${f.id}` }),
    graphql: (f) => ({ query: 'query C($id: ID!) { collection(id: $id) { id } }', variables: { id: f.id } }),
    expected: READERS,
  },
  'open the read-only link': {
    rest: (f) => ({ method: 'GET', path: `/shared/${f.linkToken}` }),
    graphql: (f) => ({
      query: 'query S($t: String!) { sharedCollection(token: $t) { id } }',
      variables: { t: f.linkToken },
    }),
    expected: { ...EVERYONE, stranger: 404 },
  },
  'read my notes on a patent': {
    rest: () => ({ method: 'GET', path: `/notes/${MEMBER}` }),
    graphql: () => ({ query: `{ collectionNotes(lensId: "${MEMBER}") { note } }` }),
    expected: EVERYONE,
  },
  rename: {
    rest: (f) => ({ method: 'PATCH', path: `/${f.id}`, body: { name: `Renamed ${randomUUID()}` } }),
    graphql: (f) => ({
      query: 'mutation U($id: ID!, $n: String!) { updateCollection(id: $id, input: { name: $n }) { id } }',
      variables: { id: f.id, n: `Renamed ${randomUUID()}` },
    }),
    expected: OWNER,
  },
  watch: {
    rest: (f) => ({ method: 'PATCH', path: `/${f.id}`, body: { watched: true } }),
    graphql: (f) => ({
      query: 'mutation U($id: ID!) { updateCollection(id: $id, input: { watched: true }) { watched } }',
      variables: { id: f.id },
    }),
    expected: EDITORS,
  },
  delete: {
    rest: (f) => ({ method: 'DELETE', path: `/${f.id}` }),
    graphql: (f) => ({
      query: 'mutation D($id: ID!) { deleteCollection(id: $id) { id } }',
      variables: { id: f.id },
    }),
    expected: OWNER,
  },
  'add a member': {
    rest: (f) => ({ method: 'POST', path: `/${f.id}/members`, body: { lens_id: OTHER, note: 'why' } }),
    graphql: (f) => ({
      query: `mutation A($id: ID!) { addCollectionMember(id: $id, input: { lens_id: "${OTHER}" }) { lens_id } }`,
      variables: { id: f.id },
    }),
    expected: EDITORS,
  },
  'annotate a member': {
    rest: (f) => ({ method: 'PATCH', path: `/${f.id}/members/${MEMBER}`, body: { note: 'n', tags: ['t'] } }),
    graphql: (f) => ({
      query: `mutation U($id: ID!) { updateCollectionMember(id: $id, lensId: "${MEMBER}", input: { note: "n" }) { note } }`,
      variables: { id: f.id },
    }),
    expected: EDITORS,
  },
  'remove a member': {
    rest: (f) => ({ method: 'DELETE', path: `/${f.id}/members/${MEMBER}` }),
    graphql: (f) => ({
      query: `mutation R($id: ID!) { removeCollectionMember(id: $id, lensId: "${MEMBER}") { lens_id } }`,
      variables: { id: f.id },
    }),
    expected: EDITORS,
  },
  'issue the link': {
    rest: (f) => ({ method: 'POST', path: `/${f.id}/link` }),
    graphql: (f) => ({
      query: 'mutation L($id: ID!) { issueCollectionLink(id: $id) { link_token } }',
      variables: { id: f.id },
    }),
    expected: OWNER,
  },
  'revoke the link': {
    rest: (f) => ({ method: 'DELETE', path: `/${f.id}/link` }),
    graphql: (f) => ({
      query: 'mutation L($id: ID!) { revokeCollectionLink(id: $id) { link_token } }',
      variables: { id: f.id },
    }),
    expected: OWNER,
  },
  invite: {
    rest: (f) => ({
      method: 'POST',
      path: `/${f.id}/invitations`,
      body: { email: 'colleague@example.com', role: 'editor' },
    }),
    graphql: (f) => ({
      query:
        'mutation I($id: ID!) { inviteToCollection(id: $id, input: { email: "colleague@example.com", role: "viewer" }) { email } }',
      variables: { id: f.id },
    }),
    expected: OWNER,
  },
  'withdraw an invitation': {
    rest: (f) => ({ method: 'DELETE', path: `/${f.id}/invitations/${encodeURIComponent(f.inviteeEmail)}` }),
    graphql: (f) => ({
      query: 'mutation R($id: ID!, $e: String!) { removeCollectionShare(id: $id, email: $e) { email } }',
      variables: { id: f.id, e: f.inviteeEmail },
    }),
    expected: OWNER,
  },
  // Sent to another address than any of these callers': only that address accepts it, not even
  // the collection's owner.
  'accept an invitation': {
    rest: (f) => ({ method: 'POST', path: `/invitations/${f.inviteToken}/accept` }),
    graphql: (f) => ({
      query: 'mutation A($t: String!) { acceptCollectionInvitation(token: $t) { id } }',
      variables: { t: f.inviteToken },
    }),
    expected: { owner: 403, editor: 403, viewer: 403, link: 403, stranger: 403, signedOut: 401 },
  },
};
