import Button from 'react-bootstrap/Button';
import { useAccount } from '../../app/AccountProvider';
import { useAuth } from '../../app/AuthProvider';

/** Previous searches are not built yet; the waiting list will collect interest once its service exists. */
export function PreviousSearchesTab() {
  const { user } = useAuth();
  const { account } = useAccount();
  const name = user?.displayName || account?.name;
  const email = user?.email || account?.email;

  return (
    <div className="py-2">
      <h2 className="h5">Previous Searches</h2>
      <p>
        Soon you'll find your earlier searches here, ready to run again, with their reports available to
        download as PDF.
      </p>
      {name && email ? (
        <>
          <Button variant="outline-primary" disabled title="Coming soon">
            Join the waiting list
          </Button>
          <p className="small text-muted mt-2 mb-0">The waiting list is coming soon.</p>
        </>
      ) : null}
    </div>
  );
}
