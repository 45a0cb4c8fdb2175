import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { HighlightKind, type MatchHighlightsQuery } from '../../__generated__/graphql';
import { MatchHighlightsDocument } from '../../__generated__/graphql';

export type MatchedPassage = MatchHighlightsQuery['matchHighlights'][number]['passages'][number];

/** The most results one highlight request asks for (the server's limit is 25). */
export const HIGHLIGHT_BATCH = 20;

export interface HighlightSearch {
  /** The search's kind as the results address writes it. */
  type: 'ai' | 'boolean';
  query: string;
}

/** The ids not yet asked for, in batches of at most `HIGHLIGHT_BATCH`. */
export function missingBatches(lensIds: readonly string[], asked: ReadonlySet<string>): string[][] {
  const missing = [...new Set(lensIds)].filter((id) => !asked.has(id));
  const batches: string[][] = [];
  for (let start = 0; start < missing.length; start += HIGHLIGHT_BATCH)
    batches.push(missing.slice(start, start + HIGHLIGHT_BATCH));
  return batches;
}

/**
 * The matched passages of the results on screen, asked for after they render, one request per
 * page of cards not yet asked for. A request for cards no longer shown (another search, a
 * refinement that hides them) is cancelled and its answer ignored. Failures leave the cards
 * without passages: highlights are an extra, never an error on the page.
 */
export function useMatchHighlights(
  search: HighlightSearch | null,
  lensIds: readonly string[],
): ReadonlyMap<string, MatchedPassage[]> {
  const client = useApolloClient();
  const searchKey = search ? `${search.type}\u0000${search.query}` : '';
  const [state, setState] = useState<{
    key: string;
    asked: Set<string>;
    passages: Map<string, MatchedPassage[]>;
  }>({ key: searchKey, asked: new Set(), passages: new Map() });
  // Another search starts afresh.
  const current =
    state.key === searchKey ? state : { key: searchKey, asked: new Set<string>(), passages: new Map() };
  if (current !== state) setState(current);
  const idsKey = lensIds.join(',');

  useEffect(() => {
    if (!search || search.query.trim() === '') return;
    const batches = missingBatches(idsKey === '' ? [] : idsKey.split(','), current.asked);
    if (batches.length === 0) return;
    const controller = new AbortController();
    let ignored = false;
    for (const batch of batches) {
      void client
        .query({
          query: MatchHighlightsDocument,
          variables: {
            kind: search.type === 'boolean' ? HighlightKind.Advanced : HighlightKind.Ai,
            query: search.query,
            lensIds: batch,
          },
          fetchPolicy: 'no-cache',
          context: { fetchOptions: { signal: controller.signal } },
        })
        .then(({ data }) => {
          if (ignored || !data) return;
          setState((previous) => {
            if (previous.key !== searchKey) return previous;
            const asked = new Set(previous.asked);
            for (const id of batch) asked.add(id);
            const passages = new Map(previous.passages);
            for (const highlight of data.matchHighlights) passages.set(highlight.lensId, highlight.passages);
            return { key: searchKey, asked, passages };
          });
        })
        .catch(() => undefined);
    }
    return () => {
      ignored = true;
      controller.abort();
    };
    // `current.asked` grows only with answers, which need no new request.
  }, [client, searchKey, idsKey]);

  return current.passages;
}

/** The passage a card shows: the abstract's, else the claims', else the title's. */
export function cardPassage(passages: readonly MatchedPassage[] | undefined): MatchedPassage | undefined {
  if (!passages) return undefined;
  return (
    passages.find((passage) => passage.field === 'abstract') ??
    passages.find((passage) => passage.field === 'claims') ??
    passages.find((passage) => passage.field === 'title')
  );
}
