import { useEffect, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { serverMessage } from '../../session/apiErrors';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { useFocusAcrossBusy } from '../../ui/useFocusAcrossBusy';
import { useFavourites, type Favourite } from './useFavourites';
import { useFavouriteToggle } from './useFavouriteToggle';

function FavouriteRow({ favourite, onDelete }: { favourite: Favourite; onDelete: () => void }) {
  const navigate = useNavigate();
  const { busy, toggle } = useFavouriteToggle(favourite);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // A delete that failed leaves the row, and the focus on its button.
  useFocusAcrossBusy(busy, deleteButton);
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
          ref={deleteButton}
          variant="outline-danger"
          size="sm"
          onClick={() => {
            onDelete();
            void toggle();
          }}
          disabled={busy}
          aria-label={`Delete ${title}`}
          data-favourite-delete
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

/**
 * A deleted row takes its Delete button (and the focus) with it: the focus moves to the Delete
 * button now in its place (the next row, else the new last one), or to the heading when none is left.
 */
function useFocusAfterDelete(
  count: number,
  list: RefObject<HTMLElement | null>,
  heading: RefObject<HTMLElement | null>,
) {
  const deleting = useRef<{ index: number; count: number } | null>(null);
  useEffect(() => {
    const pending = deleting.current;
    if (!pending || count >= pending.count) return;
    deleting.current = null;
    const buttons = list.current?.querySelectorAll<HTMLElement>('[data-favourite-delete]') ?? [];
    (buttons[Math.min(pending.index, buttons.length - 1)] ?? heading.current)?.focus();
  }, [count, list, heading]);
  return (index: number) => {
    deleting.current = { index, count };
  };
}

export function FavouritesPage() {
  const { favourites, loading, error } = useFavourites();
  const list = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const deleting = useFocusAfterDelete(favourites.length, list, heading);

  let body;
  if (loading) body = <CenteredSpinner label="Loading your favourites..." />;
  else if (error) body = <Alert variant="danger">{describeError(error)}</Alert>;
  else if (favourites.length === 0)
    body = <p className="text-muted">You don't have any saved favourites yet.</p>;
  else
    body = (
      <ListGroup ref={list}>
        {favourites.map((favourite, index) => (
          <FavouriteRow key={favourite.id} favourite={favourite} onDelete={() => deleting(index)} />
        ))}
      </ListGroup>
    );

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="h3 mb-3">
        Favourites
      </h1>
      {body}
    </>
  );
}
