import { useQuery } from '@apollo/client/react';
import { ResultSetCountsDocument } from '../../__generated__/graphql';
import type { SearchResultSet } from '../search';

/**
 * The results with their exact counts once the server has counted every match: an answer that
 * said "about N" asks for them after it is shown (a separate request, dropped when the page
 * goes), and the footer fills them in when they arrive.
 */
export function useExactCounts(results: SearchResultSet): { results: SearchResultSet; counting: boolean } {
  const { data, loading } = useQuery(ResultSetCountsDocument, {
    variables: { id: results.result_set_id },
    skip: !results.estimated || results.result_set_id === '',
  });
  const counts = data?.resultSetCounts;
  if (!results.estimated || !counts) return { results, counting: results.estimated && loading };
  return {
    results: {
      ...results,
      total: counts.total,
      group_by_count: counts.group_by_count,
      estimated: counts.estimated,
    },
    counting: false,
  };
}
