import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import type { SearchInput } from '../../__generated__/graphql';
import { MeaningNote, type MeaningStatus, type SearchResultSet } from '../search';
import { advancedQueryFor, advancedSearchPath } from './explainedQuery';

type Explanation = NonNullable<SearchResultSet['explanation']>;

/**
 * How an AI search understood its text: the words it searched with, heaviest (rarest) first, the
 * words it left out, and the Advanced search query that finds the same patents, ready to edit.
 */
export function SearchExplanation({
  explanation,
  input,
  meaning,
}: {
  explanation: Explanation;
  input: SearchInput;
  /** How far the corpus's meaning goes: a note says when results are found by words alone. */
  meaning?: MeaningStatus;
}) {
  const advanced = advancedQueryFor(explanation.lensQuery, input);
  return (
    <Card as="section" className="mb-3" aria-labelledby="search-explanation-title">
      <Card.Body>
        <h2 id="search-explanation-title" className="h6">
          How this search was understood
        </h2>
        <div className="small mb-2">
          <span className="fw-semibold">Words searched, rarest first: </span>
          {explanation.kept.length === 0 ? (
            'none'
          ) : (
            <ul className="list-inline d-inline mb-0" aria-label="Words searched">
              {explanation.kept.map((term) => (
                <li key={term.word} className="list-inline-item">
                  <Badge bg="primary-subtle" text="primary-emphasis" className="fw-normal">
                    {term.word}
                    <span className="visually-hidden">, weight </span>
                    <span className="ms-1 opacity-75">{term.weight.toFixed(1)}</span>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        {explanation.dropped.length > 0 ? (
          <div className="small mb-2">
            <span className="fw-semibold">Left out as too common: </span>
            <span className="text-body-secondary">{explanation.dropped.join(', ')}</span>
          </div>
        ) : null}
        {explanation.meaning && explanation.meaning.alsoSearched.length > 0 ? (
          <div className="small mb-2" data-testid="also-searched">
            <span className="fw-semibold">Also searched for: </span>
            {explanation.meaning.alsoSearched
              .map((entry) => `${entry.word} -> ${entry.similar.join(', ')}`)
              .join('; ')}
          </div>
        ) : null}
        {explanation.meaning ? (
          <div className="small mb-2 text-body-secondary">
            Patents close in meaning are found too, even when they share none of these words.
          </div>
        ) : null}
        {explanation.classes.length > 0 ? (
          <div className="small mb-2" data-testid="spoken-classes">
            <span className="fw-semibold">Ranked first among equals, patents classified under: </span>
            {explanation.classes
              .map((spoken) =>
                spoken.words.length > 0 ? `${spoken.symbol} (${spoken.words.join(', ')})` : spoken.symbol,
              )
              .join('; ')}
          </div>
        ) : null}
        <MeaningNote status={meaning} />
        <div className="small mb-2">
          <span className="fw-semibold">The same search as an advanced query: </span>
          <code data-testid="explained-query">{advanced}</code>
        </div>
        <Link className="btn btn-outline-primary btn-sm" to={advancedSearchPath(advanced)}>
          Edit as advanced search
        </Link>
      </Card.Body>
    </Card>
  );
}
