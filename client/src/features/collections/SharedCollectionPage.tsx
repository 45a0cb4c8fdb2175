import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { serverMessage } from '../../session/apiErrors';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { CollectionLayout } from './CollectionPage';
import { SharedCollectionDocument } from '../../__generated__/graphql';

/** `/collections/shared/:token`: a collection opened by its read-only link. */
export function SharedCollectionPage() {
  const { token = '' } = useParams();
  const { data, loading, error } = useQuery(SharedCollectionDocument, { variables: { token } });
  if (loading && !data) return <CenteredSpinner label="Opening the collection..." />;
  if (error || !data)
    return (
      <Card className="shadow-sm mx-auto" style={{ maxWidth: 560 }}>
        <Card.Body>
          <h1 className="h4">This link doesn't work any more</h1>
          <Alert variant="warning" className="mb-3">
            {serverMessage(error) ??
              'This link to a collection does not work any more: its owner revoked it, or it never existed. Ask the owner for a new link.'}
          </Alert>
          <Link to="/collections">Your collections</Link>
        </Card.Body>
      </Card>
    );
  return <CollectionLayout collection={data.sharedCollection} />;
}
