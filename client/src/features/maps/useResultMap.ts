import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../__generated__';
import type { ResultMap_MapFragment } from '../../__generated__/graphql';

const RESULT_SET_MAP = graphql(`
  query ResultSetMap($id: ID!) {
    resultSet(id: $id) {
      id
      map {
        ...ResultMap_map
      }
    }
  }
`);

const COLLECTION_MAP = graphql(`
  query CollectionMap($id: ID!) {
    collection(id: $id) {
      id
      map {
        ...ResultMap_map
      }
    }
  }
`);

export interface MapState {
  map: ResultMap_MapFragment | null;
  loading: boolean;
  failed: boolean;
}

/** A kept result set's map; asked for only when `wanted` (the Map view, or a map selection). */
export function useResultSetMap(resultSetId: string | null, wanted: boolean): MapState {
  const { data, loading, error } = useQuery(RESULT_SET_MAP, {
    variables: { id: resultSetId ?? '' },
    skip: !wanted || !resultSetId,
  });
  return { map: data?.resultSet.map ?? null, loading, failed: Boolean(error) };
}

const SHARED_COLLECTION_MAP = graphql(`
  query SharedCollectionMap($token: String!) {
    sharedCollection(token: $token) {
      id
      map {
        ...ResultMap_map
      }
    }
  }
`);

/**
 * A collection's map (its members'), as a result set's: by its id, or by the read-only link's
 * token for someone who opened it by the link.
 */
export function useCollectionMap(source: { id: string } | { token: string }, wanted: boolean): MapState {
  const byId = useQuery(COLLECTION_MAP, {
    variables: { id: 'id' in source ? source.id : '' },
    skip: !wanted || !('id' in source),
  });
  const byToken = useQuery(SHARED_COLLECTION_MAP, {
    variables: { token: 'token' in source ? source.token : '' },
    skip: !wanted || !('token' in source),
  });
  const map = byId.data?.collection.map ?? byToken.data?.sharedCollection.map ?? null;
  return { map, loading: byId.loading || byToken.loading, failed: Boolean(byId.error ?? byToken.error) };
}

/** Whose map an export asks for: a kept result set's, a collection's, or a read-only link's. */
export type MapSource = { resultSetId: string } | { collectionId: string } | { token: string };

/**
 * A map read once, outside React (the PDF export), through the same queries as the Map view, so
 * that a map already drawn on screen comes from Apollo's cache. Null when too few families are
 * placed or the map cannot be had: an export goes on without it, so the failure is only logged.
 */
export async function loadMap(
  client: ApolloClient,
  source: MapSource,
): Promise<ResultMap_MapFragment | null> {
  try {
    const map =
      'resultSetId' in source
        ? (await client.query({ query: RESULT_SET_MAP, variables: { id: source.resultSetId } })).data
            ?.resultSet.map
        : 'collectionId' in source
          ? (await client.query({ query: COLLECTION_MAP, variables: { id: source.collectionId } })).data
              ?.collection.map
          : (await client.query({ query: SHARED_COLLECTION_MAP, variables: { token: source.token } })).data
              ?.sharedCollection.map;
    return map && !map.too_few ? map : null;
  } catch (failure) {
    console.warn('The map could not be had; the export goes on without it.', failure);
    return null;
  }
}
