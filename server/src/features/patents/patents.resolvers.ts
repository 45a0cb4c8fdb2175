import type { Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import { PatentNotFoundError, type PatentsService } from './patents.service.js';

/** What these resolvers read of the GraphQL context. */
export type PatentsContext = ServicesContext<{ patents: PatentsService }>;

export const patentsResolvers: Resolvers<PatentsContext> = {
  Query: {
    patentExportDetails: (_, { lensIds }, { services, viewer }) =>
      services.patents.exportDetails(viewer, lensIds),
    async patent(_, { lensId }, { services }) {
      try {
        return await services.patents.getPatent(lensId);
      } catch (error) {
        if (error instanceof PatentNotFoundError) return null;
        throw error;
      }
    },
  },
};
