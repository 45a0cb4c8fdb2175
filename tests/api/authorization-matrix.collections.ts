import type { Ids, Operation } from './authorization-matrix.kit.js';

/** The collections' rows of the authorization matrix (issue 50), kept apart from the other features'. */
export function collectionOperations(
  rest: (method: string, url: (ids: Ids) => string, body?: (ids: Ids) => unknown) => Operation['run'],
  gql: (document: string, variables?: (ids: Ids) => Record<string, unknown>) => Operation['run'],
): Record<string, Operation> {
  const notFound = { status: 404, code: 'COLLECTION_NOT_FOUND' };
  const base = '/api/v1/collections';
  const member = '000-111-222-333-444';
  const update = 'mutation U($id: ID!) { updateCollection(id: $id, input: { name: "X" }) { id } }';
  return {
    [`GET ${base}`]: { name: 'list collections', run: rest('GET', () => base), otherUser: 'own data' },
    [`POST ${base}`]: {
      name: 'create a collection',
      run: rest(
        'POST',
        () => base,
        () => ({ name: `Mine ${Math.random()}` }),
      ),
      otherUser: 'own data',
    },
    [`GET ${base}/:id`]: {
      name: 'read a collection',
      run: rest('GET', (ids) => `${base}/${ids.collectionId}`),
      otherUser: notFound,
    },
    [`PATCH ${base}/:id`]: {
      name: 'rename a collection',
      run: rest(
        'PATCH',
        (ids) => `${base}/${ids.collectionId}`,
        () => ({ name: 'Taken over' }),
      ),
      otherUser: notFound,
    },
    [`DELETE ${base}/:id`]: {
      name: 'delete a collection',
      run: rest('DELETE', (ids) => `${base}/${ids.collectionId}`),
      otherUser: notFound,
    },
    [`POST ${base}/:id/members`]: {
      name: 'add to a collection',
      run: rest(
        'POST',
        (ids) => `${base}/${ids.collectionId}/members`,
        () => ({ lens_id: member }),
      ),
      otherUser: notFound,
    },
    [`PATCH ${base}/:id/members/:lensId`]: {
      name: 'annotate a member',
      run: rest(
        'PATCH',
        (ids) => `${base}/${ids.collectionId}/members/${member}`,
        () => ({ note: 'x' }),
      ),
      otherUser: notFound,
    },
    [`DELETE ${base}/:id/members/:lensId`]: {
      name: 'remove a member',
      run: rest('DELETE', (ids) => `${base}/${ids.collectionId}/members/${member}`),
      otherUser: notFound,
    },
    [`GET ${base}/notes/:lensId`]: {
      name: 'read my notes on a patent',
      run: rest('GET', () => `${base}/notes/${member}`),
      otherUser: 'own data',
    },
    [`POST ${base}/:id/link`]: {
      name: 'issue the link',
      run: rest('POST', (ids) => `${base}/${ids.collectionId}/link`),
      otherUser: notFound,
    },
    [`DELETE ${base}/:id/link`]: {
      name: 'revoke the link',
      run: rest('DELETE', (ids) => `${base}/${ids.collectionId}/link`),
      otherUser: notFound,
    },
    [`GET ${base}/shared/:token`]: {
      name: 'open the read-only link',
      run: rest('GET', (ids) => `${base}/shared/${ids.collectionLink}`),
      otherUser: 'own data',
    },
    [`POST ${base}/:id/invitations`]: {
      name: 'invite to a collection',
      run: rest(
        'POST',
        (ids) => `${base}/${ids.collectionId}/invitations`,
        () => ({ email: 'x@example.com', role: 'editor' }),
      ),
      otherUser: notFound,
    },
    [`DELETE ${base}/:id/invitations/:email`]: {
      name: 'withdraw an invitation',
      run: rest('DELETE', (ids) => `${base}/${ids.collectionId}/invitations/x%40example.com`),
      otherUser: notFound,
    },
    [`POST ${base}/invitations/:token/accept`]: {
      name: 'accept an invitation sent to another address',
      run: rest('POST', (ids) => `${base}/invitations/${ids.collectionInvitation}/accept`),
      otherUser: { status: 403, code: 'FORBIDDEN' },
    },
    collections: { name: 'list collections', run: gql('{ collections { id } }'), otherUser: 'own data' },
    collection: {
      name: 'read a collection',
      run: gql('query C($id: ID!) { collection(id: $id) { id } }', (ids) => ({ id: ids.collectionId })),
      otherUser: notFound,
    },
    sharedCollection: {
      name: 'open the read-only link',
      run: gql('query S($t: String!) { sharedCollection(token: $t) { id } }', (ids) => ({
        t: ids.collectionLink,
      })),
      otherUser: 'own data',
    },
    collectionNotes: {
      name: 'read my notes on a patent',
      run: gql(`{ collectionNotes(lensId: "${member}") { note } }`),
      otherUser: 'own data',
    },
    createCollection: {
      name: 'create a collection',
      run: gql('mutation C($n: String!) { createCollection(input: { name: $n }) { id } }', () => ({
        n: `G ${Math.random()}`,
      })),
      otherUser: 'own data',
    },
    updateCollection: {
      name: 'rename a collection',
      run: gql(update, (ids) => ({ id: ids.collectionId })),
      otherUser: notFound,
    },
    deleteCollection: {
      name: 'delete a collection',
      run: gql('mutation D($id: ID!) { deleteCollection(id: $id) { id } }', (ids) => ({
        id: ids.collectionId,
      })),
      otherUser: notFound,
    },
    addCollectionMember: {
      name: 'add to a collection',
      run: gql(
        `mutation A($id: ID!) { addCollectionMember(id: $id, input: { lens_id: "${member}" }) { lens_id } }`,
        (ids) => ({
          id: ids.collectionId,
        }),
      ),
      otherUser: notFound,
    },
    updateCollectionMember: {
      name: 'annotate a member',
      run: gql(
        `mutation U($id: ID!) { updateCollectionMember(id: $id, lensId: "${member}", input: { note: "x" }) { note } }`,
        (ids) => ({
          id: ids.collectionId,
        }),
      ),
      otherUser: notFound,
    },
    removeCollectionMember: {
      name: 'remove a member',
      run: gql(
        `mutation R($id: ID!) { removeCollectionMember(id: $id, lensId: "${member}") { lens_id } }`,
        (ids) => ({
          id: ids.collectionId,
        }),
      ),
      otherUser: notFound,
    },
    issueCollectionLink: {
      name: 'issue the link',
      run: gql('mutation L($id: ID!) { issueCollectionLink(id: $id) { link_token } }', (ids) => ({
        id: ids.collectionId,
      })),
      otherUser: notFound,
    },
    revokeCollectionLink: {
      name: 'revoke the link',
      run: gql('mutation L($id: ID!) { revokeCollectionLink(id: $id) { link_token } }', (ids) => ({
        id: ids.collectionId,
      })),
      otherUser: notFound,
    },
    inviteToCollection: {
      name: 'invite to a collection',
      run: gql(
        'mutation I($id: ID!) { inviteToCollection(id: $id, input: { email: "x@example.com", role: "viewer" }) { email } }',
        (ids) => ({
          id: ids.collectionId,
        }),
      ),
      otherUser: notFound,
    },
    removeCollectionShare: {
      name: 'withdraw an invitation',
      run: gql(
        'mutation R($id: ID!) { removeCollectionShare(id: $id, email: "x@example.com") { email } }',
        (ids) => ({
          id: ids.collectionId,
        }),
      ),
      otherUser: notFound,
    },
    acceptCollectionInvitation: {
      name: 'accept an invitation sent to another address',
      run: gql('mutation A($t: String!) { acceptCollectionInvitation(token: $t) { id } }', (ids) => ({
        t: ids.collectionInvitation,
      })),
      otherUser: { status: 403, code: 'FORBIDDEN' },
    },
  };
}
