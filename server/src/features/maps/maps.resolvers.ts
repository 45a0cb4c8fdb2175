import type { Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import type { MapsService, ResultMap } from './maps.service.js';

/** What these resolvers read of the GraphQL context. */
export type MapsContext = ServicesContext<{ maps: MapsService }>;

const answer = (map: ResultMap) => ({
  points: map.points.map(({ lensId, ...point }) => ({ lens_id: lensId, ...point })),
  regions: map.regions,
  not_placed: map.notPlaced.map(({ lensId, ...family }) => ({ lens_id: lensId, ...family })),
  too_few: map.tooFew,
});

// The parents were resolved (and the caller's access checked) by their own features.
export const mapsResolvers: Resolvers<MapsContext> = {
  StoredResultSet: {
    map: async (set, { first }, context) =>
      answer(
        await context.services.maps.mapOf({
          lensIds: set.results.data.map((item) => item.lens_id),
          query: set.query,
          first: first ?? 500,
        }),
      ),
  },
  Landscape: {
    map: async (landscape, { first }, context) =>
      answer(
        await context.services.maps.mapOf({
          lensIds: landscape.lensIds,
          query: landscape.query,
          first: first ?? 500,
        }),
      ),
  },
  Collection: {
    map: async (collection, { first }, context) =>
      answer(
        await context.services.maps.mapOf({
          lensIds: collection.members.map((member) => member.lens_id),
          query: '',
          first: first ?? 500,
        }),
      ),
  },
};
