import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { graphql } from '../../__generated__';
import type { SearchResultItem } from '../search';

/** The most ids `patentExportDetails` answers at once (the server's export limit). */
const OWNERS_MAX = 500;

const RESULT_OWNERS = graphql(`
  query ResultOwners($lensIds: [ID!]!) {
    patentExportDetails(lensIds: $lensIds) {
      lens_id
      owners
    }
  }
`);

/**
 * The owners of the loaded results, by Lens id, for the chart strip's top owners: the result items
 * (the specification's shape) carry none, so they are asked for once per result set, after the
 * results render. Null until they come (or when they cannot be had: the strip then leaves owners out).
 */
export function useResultOwners(
  items: readonly SearchResultItem[],
): ReadonlyMap<string, readonly string[]> | null {
  const client = useApolloClient();
  const [owners, setOwners] = useState<{
    items: readonly SearchResultItem[];
    byId: Map<string, string[]>;
  } | null>(null);

  useEffect(() => {
    if (items.length === 0) return;
    const controller = new AbortController();
    let ignored = false;
    void client
      .query({
        query: RESULT_OWNERS,
        variables: { lensIds: items.slice(0, OWNERS_MAX).map((item) => item.lens_id) },
        fetchPolicy: 'no-cache',
        context: { fetchOptions: { signal: controller.signal } },
      })
      .then(({ data }) => {
        if (ignored || !data) return;
        setOwners({
          items,
          byId: new Map(data.patentExportDetails.map((row) => [row.lens_id, row.owners])),
        });
      })
      .catch(() => undefined);
    return () => {
      ignored = true;
      controller.abort();
    };
  }, [client, items]);

  return owners?.items === items ? owners.byId : null;
}
