import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { graphql } from '../../__generated__';
import { CountryFlag } from '../../ui/CountryFlag';
import { documentNumber, formatDate } from '../../ui/format';
import { StatusBadge } from '../../ui/StatusBadge';
import { countryName, similarEmptyText, useMeaningStatus } from '../search';

export const SIMILAR_PATENTS = graphql(`
  query SimilarPatents($lensId: ID!) {
    patent(lensId: $lensId) {
      similar(first: 10) {
        lens_id
        patent_status
        generative_data {
          title
        }
        biblio {
          ...ResultBiblio_heading
        }
        similarity {
          shared_classes
          shared_words
          score
        }
      }
    }
  }
`);

/** Why one patent is near another, in a few words. */
function reasonsOf(similarity: {
  shared_classes: string[];
  shared_words: string[];
  score: number;
}): string[] {
  return [
    ...(similarity.shared_classes.length > 0
      ? [`shared classification: ${similarity.shared_classes.slice(0, 3).join(', ')}`]
      : []),
    ...(similarity.shared_words.length > 0
      ? [`shared key words: ${similarity.shared_words.slice(0, 4).join(', ')}`]
      : []),
    `close in meaning (${Math.round(similarity.score * 100)} %)`,
  ];
}

/**
 * Ten patents nearest in meaning, one per simple family, this patent's own family left out
 * (ADR 0151): asked for after the page renders; browsing, so nothing is counted.
 */
export function SimilarPatents({ lensId }: { lensId: string }) {
  const { data, loading, error } = useQuery(SIMILAR_PATENTS, { variables: { lensId } });
  const similar = data?.patent?.similar ?? [];
  const meaning = useMeaningStatus();
  return (
    <section aria-labelledby="similar-title" className="mb-4">
      <h2 id="similar-title" className="h5">
        Similar patents
      </h2>
      {loading ? (
        <p className="text-muted small">
          <Spinner animation="border" size="sm" className="me-2" role="status" aria-hidden="true" />
          Finding patents close in meaning...
        </p>
      ) : error ? (
        <p className="text-muted small">Similar patents could not be loaded. Please try again later.</p>
      ) : similar.length === 0 ? (
        <p className="text-muted small" data-testid="similar-empty">
          {similarEmptyText(meaning)}
        </p>
      ) : (
        <ol className="list-unstyled mb-0" aria-label="Similar patents">
          {similar.map((patent) => {
            const reference = patent.biblio.publication_reference;
            const title = patent.generative_data.title.trim() || patent.biblio.invention_title;
            return (
              <li key={patent.lens_id}>
                <Card className="mb-2 shadow-sm" data-testid="similar-patent">
                  <Card.Body className="py-2">
                    <div className="d-flex align-items-start gap-2">
                      <CountryFlag code={reference.jurisdiction} name={countryName(reference.jurisdiction)} />
                      <div className="flex-grow-1">
                        <Link to={`/patents/${encodeURIComponent(patent.lens_id)}`} className="fw-semibold">
                          {title}
                        </Link>
                        <div className="small text-muted d-flex flex-wrap align-items-center gap-2">
                          <span>{formatDate(reference.date) ?? reference.date}</span>
                          <span aria-hidden="true">·</span>
                          <span>{documentNumber(reference)}</span>
                          <StatusBadge status={patent.patent_status} />
                        </div>
                        <div className="small mt-1" data-testid="similar-reasons">
                          {reasonsOf(patent.similarity).map((reason) => (
                            <Badge key={reason} bg="light" text="dark" className="me-1 fw-normal border">
                              {reason}
                            </Badge>
                          ))}
                        </div>
                      </div>
                    </div>
                  </Card.Body>
                </Card>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
