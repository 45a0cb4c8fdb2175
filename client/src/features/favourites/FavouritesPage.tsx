import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { serverMessage } from '../../app/apiErrors';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { useFavourites, type Favourite } from './useFavourites';
import { useFavouriteToggle } from './useFavouriteToggle';

function FavouriteRow({ favourite }: { favourite: Favourite }) {
  const navigate = useNavigate();
  const { busy, toggle } = useFavouriteToggle(favourite);
  const title = favourite.patent_title || favourite.doc_key;
  return (
    <ListGroup.Item className="d-flex flex-column flex-sm-row align-items-sm-center justify-content-between gap-2">
      <div>
        <div className="fw-semibold">{title}</div>
        <div className="small text-muted">{favourite.doc_key}</div>
      </div>
      <div className="d-flex gap-2 flex-shrink-0">
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => void navigate(`/patents/${encodeURIComponent(favourite.lens_id)}`)}
          aria-label={`View ${title}`}
        >
          View
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          onClick={() => void toggle()}
          disabled={busy}
          aria-label={`Delete ${title}`}
        >
          {busy ? <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" /> : null}
          Delete
        </Button>
      </div>
    </ListGroup.Item>
  );
}

function describeError(error: Error): string {
  if (error.message === 'Invalid favourites data') return error.message;
  return serverMessage(error) ?? 'Something went wrong fetching favourites.';
}

export function FavouritesPage() {
  const { favourites, loading, error } = useFavourites();

  let body;
  if (loading) body = <CenteredSpinner label="Loading your favourites..." />;
  else if (error) body = <Alert variant="danger">{describeError(error)}</Alert>;
  else if (favourites.length === 0)
    body = <p className="text-muted">You don't have any saved favourites yet.</p>;
  else
    body = (
      <ListGroup>
        {favourites.map((favourite) => (
          <FavouriteRow key={favourite.id} favourite={favourite} />
        ))}
      </ListGroup>
    );

  return (
    <>
      <h1 className="h3 mb-3">Favourites</h1>
      {body}
    </>
  );
}
