import { useAccount } from '../../app/AccountProvider';
import { useAuth } from '../../app/AuthProvider';
import { WaitingListButton } from './WaitingListButton';

/** Previous searches, and the waiting list for what comes next. */
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
      {name && email ? <WaitingListButton name={name} email={email} /> : null}
    </div>
  );
}
