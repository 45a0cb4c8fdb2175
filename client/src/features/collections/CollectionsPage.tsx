import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { serverMessage } from '../../session/apiErrors';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { formatDate } from '../../ui/format';
import { CollectionsDocument } from '../../__generated__/graphql';
import { NewCollectionDialog } from './NewCollectionDialog';

/** `/collections`: the user's collections and those shared with them, last changed first. */
export function CollectionsPage() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const { data, loading, error } = useQuery(CollectionsDocument, { fetchPolicy: 'cache-and-network' });
  const collections = data?.collections ?? [];

  let body;
  if (loading && !data) body = <CenteredSpinner label="Loading your collections..." />;
  else if (error)
    body = (
      <Alert variant="danger">
        {serverMessage(error) ?? 'Something went wrong fetching your collections.'}
      </Alert>
    );
  else if (collections.length === 0)
    body = (
      <p className="text-muted">
        You don't have any collections yet. Make one here, or choose “Add to collection” on a result or a
        patent page.
      </p>
    );
  else
    body = (
      <Table hover responsive className="align-middle">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="text-end">
              Patents
            </th>
            <th scope="col">Last change</th>
          </tr>
        </thead>
        <tbody>
          {collections.map((collection) => (
            <tr key={collection.id}>
              {/* A long name without spaces breaks anywhere, so the other columns stay on screen. */}
              <td className="text-break">
                <Link to={`/collections/${collection.id}`} className="fw-semibold">
                  {collection.name}
                </Link>
                {collection.role !== 'owner' ? (
                  <Badge bg="secondary" className="ms-2 fw-normal">
                    shared with you ({collection.role})
                  </Badge>
                ) : null}
                {collection.description ? (
                  <div className="small text-muted">{collection.description}</div>
                ) : null}
              </td>
              <td className="text-end">{collection.size}</td>
              <td>{formatDate(collection.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    );

  return (
    <>
      <div className="d-flex align-items-center justify-content-between mb-3 gap-2">
        <h1 className="h3 mb-0">Collections</h1>
        <Button onClick={() => setCreating(true)}>New collection</Button>
      </div>
      <p className="text-muted small">
        Your <Link to="/favourites">favourites</Link> stay where they are: they are your default collection.
      </p>
      {body}
      <NewCollectionDialog
        show={creating}
        onHide={() => setCreating(false)}
        onCreated={(collection) => {
          setCreating(false);
          void navigate(`/collections/${collection.id}`);
        }}
      />
    </>
  );
}
