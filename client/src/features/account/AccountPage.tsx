import { useEffect } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { PlanStatus } from '../../__generated__/graphql';
import { useAccount } from '../../session/AccountProvider';
import { useAuth } from '../../session/AuthProvider';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { AccountInfoForm } from './AccountInfoForm';
import { DangerZone } from './DangerZone';
import { WeeklyUpdatesSection } from '../updates';
import { AccountBillingDocument } from '../../__generated__/graphql';
import { PlansSection } from './PlansSection';

/** Stripe's events can trail the return from checkout by a few seconds: look again meanwhile. */
const CHECKOUT_RETURN_POLLS = 10;
const CHECKOUT_RETURN_POLL_MS = 2000;

/** After a successful checkout, reloads the account until the subscription shows up. */
function useSubscriptionAfterCheckout(success: boolean, active: boolean) {
  const client = useApolloClient();
  const { reload } = useAccount();
  useEffect(() => {
    if (!success || active) return;
    let polls = 0;
    const refresh = () => {
      void reload();
      void client
        .query({ query: AccountBillingDocument, fetchPolicy: 'network-only' })
        .catch(() => undefined);
    };
    refresh();
    const timer = window.setInterval(() => {
      polls += 1;
      if (polls >= CHECKOUT_RETURN_POLLS) window.clearInterval(timer);
      refresh();
    }, CHECKOUT_RETURN_POLL_MS);
    return () => window.clearInterval(timer);
  }, [success, active, client, reload]);
}

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
  const [params] = useSearchParams();
  const subscribed = account?.plan.status === PlanStatus.Active;
  useSubscriptionAfterCheckout(params.has('success'), subscribed);
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
          <PlansSection subscribed={subscribed} />
          <WeeklyUpdatesSection />
          <AccountInfoForm key={`${email}|${name}`} email={email} name={name} googleUser={googleUser} />
          <DangerZone email={email} />
        </>
      )}
    </>
  );
}
