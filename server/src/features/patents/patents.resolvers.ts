import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { PatentNotFoundError } from './patents.service.js';

export const patentsResolvers: Resolvers = {
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
