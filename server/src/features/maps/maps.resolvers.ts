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

/** The map of a parent's patents, in the answer's shape: at most `first` of them, 500 unless asked. */
async function mapOf(context: MapsContext, lensIds: string[], query: string, first?: number | null) {
  return answer(await context.services.maps.mapOf({ lensIds, query, first: first ?? 500 }));
}

const lensIdsOf = (patents: ReadonlyArray<{ lens_id: string }>) => patents.map((patent) => patent.lens_id);

// The parents were resolved (and the caller's access checked) by their own features.
export const mapsResolvers: Resolvers<MapsContext> = {
  StoredResultSet: {
    map: (set, { first }, context) => mapOf(context, lensIdsOf(set.results.data), set.query, first),
  },
  Landscape: {
    map: (landscape, { first }, context) => mapOf(context, landscape.lensIds, landscape.query, first),
  },
  Collection: {
    map: (collection, { first }, context) => mapOf(context, lensIdsOf(collection.members), '', first),
  },
};
