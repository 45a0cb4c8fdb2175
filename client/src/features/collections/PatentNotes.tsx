import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { useAuth } from '../../session/AuthProvider';
import { CollectionNotesDocument } from '../../__generated__/graphql';

/** On a patent page: the user's notes and tags on it, from every collection they can see. */
export function PatentNotes({ lensId }: { lensId: string }) {
  const { authed } = useAuth();
  const { data } = useQuery(CollectionNotesDocument, { variables: { lensId }, skip: !authed });
  const notes = data?.collectionNotes ?? [];
  if (notes.length === 0) return null;
  return (
    <Card className="mb-4" as="section" aria-label="Your notes">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          Your notes
        </Card.Title>
        {notes.map((entry) => (
          <div key={entry.collection_id} className="mb-2" data-testid="patent-note">
            <Link to={`/collections/${entry.collection_id}`} className="small fw-semibold">
              {entry.collection_name}
            </Link>
            {entry.note ? (
              <p className="mb-1" style={{ whiteSpace: 'pre-wrap' }}>
                {entry.note}
              </p>
            ) : null}
            {entry.tags.map((tag) => (
              <Badge key={tag} bg="info" text="dark" className="me-1">
                {tag}
              </Badge>
            ))}
          </div>
        ))}
      </Card.Body>
    </Card>
  );
}
