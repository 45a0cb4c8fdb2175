import type { Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import type { CollectionsService } from './collections.service.js';
import type { CollectionSharing } from './collections.sharing.js';

/** GraphQL's null for a field not given is the REST body's absent field. */
const given = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));

/** What these resolvers read of the GraphQL context. */
export type CollectionsContext = ServicesContext<{
  collections: CollectionsService & { sharing: CollectionSharing };
}>;

export const collectionsResolvers: Resolvers<CollectionsContext> = {
  Query: {
    collections: async (_, { lensId }, { viewer, services }) =>
      (await services.collections.list(viewer, lensId)).map((summary) => ({
        ...summary,
        members: [],
        link_token: null,
        shares: [],
      })),
    collection: (_, { id }, { viewer, services }) => services.collections.get(viewer, id),
    sharedCollection: (_, { token }, { viewer, services }) =>
      services.collections.sharing.openLink(viewer, token),
    collectionNotes: (_, { lensId }, { viewer, services }) => services.collections.notesOn(viewer, lensId),
  },
  Mutation: {
    createCollection: (_, { input }, { viewer, services }) =>
      services.collections.create(viewer, given(input)),
    updateCollection: (_, { id, input }, { viewer, services }) =>
      services.collections.update(viewer, id, given(input)),
    deleteCollection: (_, { id }, { viewer, services }) => services.collections.remove(viewer, id),
    addCollectionMember: (_, { id, input }, { viewer, services }) =>
      services.collections.addMember(viewer, id, given(input)),
    updateCollectionMember: (_, { id, lensId, input }, { viewer, services }) =>
      services.collections.updateMember(viewer, id, lensId, given(input)),
    removeCollectionMember: (_, { id, lensId }, { viewer, services }) =>
      services.collections.removeMember(viewer, id, lensId),
    issueCollectionLink: (_, { id }, { viewer, services }) =>
      services.collections.sharing.issueLink(viewer, id),
    revokeCollectionLink: (_, { id }, { viewer, services }) =>
      services.collections.sharing.revokeLink(viewer, id),
    inviteToCollection: (_, { id, input }, { viewer, services }) =>
      services.collections.sharing.invite(viewer, id, given(input)),
    removeCollectionShare: (_, { id, email }, { viewer, services }) =>
      services.collections.sharing.removeShare(viewer, id, email),
    acceptCollectionInvitation: async (_, { token }, { viewer, services }) => {
      const accepted = await services.collections.sharing.accept(viewer, token);
      return services.collections.get(viewer, accepted.id);
    },
  },
};
