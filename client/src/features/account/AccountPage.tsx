import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { useAccount } from '../../app/AccountProvider';
import { useAuth } from '../../app/AuthProvider';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { AccountInfoForm } from './AccountInfoForm';
import { DangerZone } from './DangerZone';
import { WeeklyUpdatesSection } from '../updates';
import { PlansSection } from './PlansSection';

const GOOGLE_PROVIDER_ID = 'google.com';

function CheckoutBanner() {
  const [params] = useSearchParams();
  if (params.has('success')) {
    return (
      <Alert variant="success">
        Thank you for your purchase! An email confirmation will be sent to you shortly.
      </Alert>
    );
  }
  if (params.has('canceled')) {
    return (
      <Alert variant="danger">
        Purchase cancelled. Feel free to try again when you're ready or contact us with questions.
      </Alert>
    );
  }
  return null;
}

export function AccountPage() {
  const { user } = useAuth();
  const { account, loading } = useAccount();
  const googleUser = Boolean(
    user?.providerData.some((provider) => provider.providerId === GOOGLE_PROVIDER_ID),
  );
  const email = account?.email ?? user?.email ?? '';
  const name = account?.name ?? user?.displayName ?? '';

  return (
    <>
      <h1 className="h3 mb-3">My Account</h1>
      <CheckoutBanner />
      {loading && !account ? (
        <CenteredSpinner label="Loading your account..." />
      ) : (
        <>
          <PlansSection subscribed={account?.subscriptionStatus === 'active'} />
          <WeeklyUpdatesSection />
          <AccountInfoForm key={`${email}|${name}`} email={email} name={name} googleUser={googleUser} />
          <DangerZone />
        </>
      )}
    </>
  );
}
