import type { FocusEventHandler, Ref } from 'react';
import { Link } from 'react-router';
import Card from 'react-bootstrap/Card';
import { CountryFlag } from '../../ui/CountryFlag';
import { documentNumber, formatDate, truncate } from '../../ui/format';
import { StatusBadge } from '../../ui/StatusBadge';
import { AddToCollection } from '../collections';
import { FavouriteStar } from '../favourites';
import { graphql } from '../../__generated__';
import type { PatentCard_ItemFragment } from '../../__generated__/graphql';
import { MatchedPassageText, type MatchedPassage } from '../highlights';
import { countryName } from '../search';
import { FamilyMembers } from './FamilyMembers';
import { moreLikeThisAddress } from './moreLikeThis';

const SUMMARY_LIMIT = 400;

export const PATENT_CARD_FRAGMENT = graphql(`
  fragment PatentCard_item on SearchResultItem {
    lens_id
    doc_key
    patent_status
    generative_data {
      title
      summary
    }
    biblio {
      ...ResultBiblio_heading
    }
    family_members {
      ...FamilyMembers_member
    }
  }
`);

/**
 * One search result, a simple family as its best-ranked match: flag, AI title, favourite star,
 * date, number, status and a short summary, the family's other members (expandable) and, once
 * fetched, a passage that matched the search's words; "More like this" starts an AI search from it.
 */
export function PatentCard({
  item,
  cardRef,
  tabIndex,
  onFocus,
  passage,
  linkQuery = '',
  foundByMeaning = false,
  classificationWords,
  moreLikeThis = true,
}: {
  item: PatentCard_ItemFragment;
  /** Found by meaning alone: it holds none of the AI search's words (ADR 0150). */
  foundByMeaning?: boolean;
  /**
   * Found through the words its classification is about, none of its own (ADR 0177): never
   * shown as its own words nor highlighted, only named as its classification's.
   */
  classificationWords?: readonly string[];
  /** Offers "More like this" (a new AI search from the patent's text); off for a limited account. */
  moreLikeThis?: boolean;
  /** The passage that matched the search's words, when it has come (`useMatchHighlights`). */
  passage?: MatchedPassage;
  /** `?q=…&type=…` for the patent page's "Why it matched" (`highlightLinkQuery`). */
  linkQuery?: string;
  /** The results page's keyboard triage focuses cards (`useResultsKeyboard`). */
  cardRef?: Ref<HTMLElement>;
  tabIndex?: number;
  onFocus?: FocusEventHandler<HTMLElement>;
}) {
  const reference = item.biblio.publication_reference;
  const title = item.generative_data.title.trim();
  const patentPath = `/patents/${encodeURIComponent(item.lens_id)}${linkQuery}`;
  const number = documentNumber(reference);

  return (
    <Card
      as="article"
      ref={cardRef}
      tabIndex={tabIndex}
      onFocus={onFocus}
      className="mb-3 shadow-sm result-card"
      aria-label={title || number}
    >
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start gap-2">
          <CountryFlag code={reference.jurisdiction} name={countryName(reference.jurisdiction)} />
          <div className="result-card-text">
            {title ? (
              <Card.Title as="h2" className="h5 mb-1">
                <Link to={patentPath}>{title}</Link>
              </Card.Title>
            ) : (
              <p className="mb-1 text-muted">
                The result for this patent is currently unavailable. Please try refreshing search in a few
                minutes.
              </p>
            )}
            <div className="small text-muted d-flex flex-wrap align-items-center gap-2">
              <span>{formatDate(reference.date) ?? reference.date}</span>
              <span aria-hidden="true">·</span>
              {title ? <span>{number}</span> : <Link to={patentPath}>{number}</Link>}
              <StatusBadge status={item.patent_status} />
            </div>
          </div>
          <div className="d-flex align-items-start gap-2 ms-auto">
            <FavouriteStar
              target={{
                lens_id: item.lens_id,
                doc_key: item.doc_key,
                patent_title: title || item.biblio.invention_title,
              }}
            />
            <AddToCollection lensId={item.lens_id} />
          </div>
        </div>
        {title && item.generative_data.summary ? (
          <Card.Text className="mt-2 mb-0 result-summary">
            {truncate(item.generative_data.summary, SUMMARY_LIMIT)}
          </Card.Text>
        ) : null}
        <FamilyMembers members={item.family_members} linkQuery={linkQuery} />
        {foundByMeaning ? (
          <p className="mt-2 mb-0 small text-muted" data-testid="found-by-meaning">
            <span className="fw-semibold">found by meaning: no shared words</span>
          </p>
        ) : null}
        {classificationWords && classificationWords.length > 0 ? (
          <p className="mt-2 mb-0 small text-muted" data-testid="matched-through-classification">
            <span className="fw-semibold">matched through its classification:</span>{' '}
            {classificationWords.join(', ')}
          </p>
        ) : null}
        {passage ? (
          <p className="mt-2 mb-0 small text-muted result-match" data-testid="result-match">
            <span className="fw-semibold">Matched:</span> <MatchedPassageText passage={passage} />
          </p>
        ) : null}
        {moreLikeThis && title ? (
          <Link
            className="d-inline-block mt-2 small"
            to={moreLikeThisAddress({ lensId: item.lens_id, title, summary: item.generative_data.summary })}
            data-testid="more-like-this"
            aria-label={`More like this: ${title}`}
          >
            More like this
          </Link>
        ) : null}
      </Card.Body>
    </Card>
  );
}
