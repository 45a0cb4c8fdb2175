import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { CollectionDetail_CollectionFragment } from '../../__generated__/graphql';
import { CountryFlag } from '../../ui/CountryFlag';
import { documentNumber, formatDate, truncate } from '../../ui/format';
import { StatusBadge } from '../../ui/StatusBadge';
import { countryName } from '../search';
import { RemoveCollectionMemberDocument } from '../../__generated__/graphql';
import { MemberNotes } from './MemberNotes';
import { useCollectionMutation } from './useCollectionMutation';

export type Member = CollectionDetail_CollectionFragment['members'][number];

export const NO_LONGER_IN_CORPUS = 'No longer in the corpus';

const numberOf = (member: Member) =>
  member.in_corpus
    ? documentNumber({
        jurisdiction: member.jurisdiction ?? '',
        doc_number: member.doc_number ?? '',
        kind: member.kind ?? '',
      })
    : member.doc_key.replace(/_/g, ' ');

/** One simple family of the collection: its members, each with its note and tags. */
export function FamilyCard({
  collectionId,
  members,
  editable,
}: {
  collectionId: string;
  members: Member[];
  editable: boolean;
}) {
  const first = members[0]!;
  const title = first.ai_title?.trim() || first.title;
  const remove = useCollectionMutation(RemoveCollectionMemberDocument);
  return (
    <Card as="article" className="mb-3 shadow-sm" aria-label={title} data-testid="collection-card">
      <Card.Body>
        <div className="d-flex align-items-start gap-2">
          {first.jurisdiction ? (
            <CountryFlag code={first.jurisdiction} name={countryName(first.jurisdiction)} />
          ) : null}
          <Card.Title as="h2" className="h5 mb-1 flex-grow-1">
            {first.in_corpus ? (
              <Link to={`/patents/${encodeURIComponent(first.lens_id)}`}>{title}</Link>
            ) : (
              title
            )}
          </Card.Title>
        </div>
        {first.ai_summary ? (
          <Card.Text className="small mb-2">{truncate(first.ai_summary, 300)}</Card.Text>
        ) : null}
        {members.map((member) => (
          <section key={member.lens_id} className="border-top pt-2 mt-2" aria-label={numberOf(member)}>
            <div className="small text-muted d-flex flex-wrap align-items-center gap-2">
              {member.in_corpus ? (
                <>
                  <Link to={`/patents/${encodeURIComponent(member.lens_id)}`}>{numberOf(member)}</Link>
                  <span>{formatDate(member.date_published)}</span>
                  <StatusBadge status={member.patent_status} />
                </>
              ) : (
                <>
                  <span>{numberOf(member)}</span>
                  <Badge bg="secondary">{NO_LONGER_IN_CORPUS}</Badge>
                </>
              )}
              {editable ? (
                <Button
                  size="sm"
                  variant="link"
                  className="ms-auto p-0 text-danger"
                  disabled={remove.busy}
                  onClick={() =>
                    void remove.run(
                      { id: collectionId, lensId: member.lens_id },
                      {
                        success: 'Removed from the collection.',
                        failure: 'The patent could not be removed.',
                      },
                    )
                  }
                >
                  Remove
                </Button>
              ) : null}
            </div>
            <MemberNotes collectionId={collectionId} member={member} editable={editable} />
          </section>
        ))}
      </Card.Body>
    </Card>
  );
}
