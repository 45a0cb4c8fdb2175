import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import type { CollectionDetail_CollectionFragment } from '../../__generated__/graphql';
import { serverMessage } from '../../session/apiErrors';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { CollectionDocument } from '../../__generated__/graphql';
import { CollectionSettings } from './CollectionSettings';
import { CollectionView } from './CollectionView';
import { SharePanel } from './SharePanel';

const ROLE_NOTE: Record<string, string> = {
  editor: 'Shared with you: you can add, remove and annotate patents.',
  viewer: 'Shared with you to read.',
  link: 'Opened by its link: read only.',
};

/** A collection's heading, its settings and sharing (as the caller's part allows), and its members. */
export function CollectionLayout({ collection }: { collection: CollectionDetail_CollectionFragment }) {
  return (
    <>
      <nav aria-label="breadcrumb" className="small mb-2">
        <Link to="/collections">Collections</Link>
      </nav>
      <h1 className="h3 mb-1 text-break">{collection.name}</h1>
      {collection.description ? <p className="text-muted mb-2">{collection.description}</p> : null}
      {ROLE_NOTE[collection.role] ? <p className="small text-muted">{ROLE_NOTE[collection.role]}</p> : null}
      {collection.role !== 'link' ? <CollectionSettings key={collection.id} collection={collection} /> : null}
      {collection.role === 'owner' ? <SharePanel collection={collection} /> : null}
      <CollectionView collection={collection} />
    </>
  );
}

/** `/collections/:id`. */
export function CollectionPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(CollectionDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  if (loading && !data) return <CenteredSpinner label="Loading the collection..." />;
  if (error || !data)
    return (
      <Alert variant="warning">
        {serverMessage(error) ?? 'Something went wrong fetching the collection.'}{' '}
        <Link to="/collections">Your collections</Link>
      </Alert>
    );
  return <CollectionLayout collection={data.collection} />;
}
