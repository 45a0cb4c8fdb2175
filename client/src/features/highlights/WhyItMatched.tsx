import { useQuery } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import { HighlightKind } from '../../__generated__/graphql';
import { MatchHighlightsDocument } from '../../__generated__/graphql';
import { MatchedPassageText } from './markedText';
import type { HighlightSearch } from './useMatchHighlights';

const FIELD_LABELS: Record<string, string> = { title: 'Title', abstract: 'Abstract', claims: 'Claims' };

/**
 * The patent page's "Why it matched" box, when the page was opened from a search's results: the
 * patent's passages with the search's words highlighted. Nothing when there are none, or when
 * they cannot be had (signed out, an error).
 */
export function WhyItMatched({ lensId, search }: { lensId: string; search: HighlightSearch }) {
  const { data } = useQuery(MatchHighlightsDocument, {
    variables: {
      kind: search.type === 'boolean' ? HighlightKind.Advanced : HighlightKind.Ai,
      query: search.query,
      lensIds: [lensId],
    },
    fetchPolicy: 'no-cache',
    errorPolicy: 'ignore',
  });
  const passages = data?.matchHighlights?.find((highlight) => highlight.lensId === lensId)?.passages ?? [];
  if (passages.length === 0) return null;
  return (
    <Card as="section" className="mb-4 why-it-matched" aria-labelledby="why-it-matched-heading">
      <Card.Body>
        <h2 id="why-it-matched-heading" className="h5">
          Why it matched
        </h2>
        <p className="small text-muted mb-2">
          Passages with the words of your search &ldquo;{search.query}&rdquo;.
        </p>
        <dl className="mb-0">
          {passages.map((passage) => (
            <div key={passage.field} className="mb-2">
              <dt className="small text-uppercase text-muted">
                {FIELD_LABELS[passage.field ?? ''] ?? passage.field}
              </dt>
              <dd className="mb-0">
                <MatchedPassageText passage={passage} />
              </dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}

/** The search a patent page was reached from, as the results' links write it (`?q=…&type=…`). */
export function highlightSearchOf(params: URLSearchParams): HighlightSearch | null {
  const query = params.get('q')?.trim() ?? '';
  if (query === '') return null;
  return { type: params.get('type') === 'boolean' ? 'boolean' : 'ai', query };
}

/** The query string a result's link carries so that its patent page can show why it matched. */
export function highlightLinkQuery(search: HighlightSearch | null): string {
  if (!search || search.query.trim() === '') return '';
  return `?${new URLSearchParams({ q: search.query, type: search.type }).toString()}`;
}
