import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useAuth } from '../../session/AuthProvider';
import { useFocusAcrossBusy } from '../../ui/useFocusAcrossBusy';
import { useFavouriteToggle, type FavouriteTarget } from './useFavouriteToggle';

/** A star that saves a patent to favourites; only signed-in users have favourites. */
export function FavouriteStar({ target }: { target: FavouriteTarget }) {
  const { authed } = useAuth();
  if (!authed) return null;
  return <SignedInStar target={target} />;
}

function SignedInStar({ target }: { target: FavouriteTarget }) {
  const { isFavourite, busy, ready, toggle } = useFavouriteToggle(target);
  const label = isFavourite ? 'Remove from favourites' : 'Save to favourites';
  const button = useRef<HTMLButtonElement>(null);
  useFocusAcrossBusy(busy, button);
  return (
    <Button
      ref={button}
      variant="link"
      className="p-0 text-warning text-decoration-none fs-4 lh-1 target-24"
      aria-label={label}
      title={label}
      aria-pressed={isFavourite}
      data-favourite-toggle
      disabled={busy || !ready}
      onClick={() => void toggle()}
    >
      {busy ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Saving...</span>
        </Spinner>
      ) : (
        <span aria-hidden="true">{isFavourite ? '★' : '☆'}</span>
      )}
    </Button>
  );
}
