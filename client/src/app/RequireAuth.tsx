import { Navigate, Outlet } from 'react-router';
import { CenteredSpinner } from '../ui/CenteredSpinner';
import { AccountLoadError } from '../features/errors';
import { useAccount } from '../session/AccountProvider';
import { useAuth } from '../session/AuthProvider';

/** Guarded routes: wait for the sign-in state, send signed-out visitors to the landing page. */
export function RequireAuth() {
  const { loading, authed } = useAuth();
  const { error } = useAccount();
  if (loading) return <CenteredSpinner label="Checking your sign-in..." />;
  if (!authed) return <Navigate to="/" replace />;
  // Raised so the route's error element shows the account-load error page.
  if (error) throw new AccountLoadError({ cause: error });
  return <Outlet />;
}
