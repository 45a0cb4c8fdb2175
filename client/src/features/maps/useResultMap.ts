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

/** A collection's map (its members'), as a result set's. */
export function useCollectionMap(collectionId: string, wanted: boolean): MapState {
  const { data, loading, error } = useQuery(COLLECTION_MAP, { variables: { id: collectionId }, skip: !wanted });
  return { map: data?.collection.map ?? null, loading, failed: Boolean(error) };
}
