import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { DISCOVER_PLAN_PRICE_USD } from '@patentscout/schema';
import { PlanStatus } from '../../__generated__/graphql';
import { serverMessage } from '../../session/apiErrors';
import { clientSettings } from '../../session/config';
import { formatDate } from '../../ui/format';
import { useToast } from '../../ui/Toasts';
import {
  AccountBillingDocument,
  CreateBillingPortalSessionDocument,
  CreateCheckoutSessionDocument,
} from '../../__generated__/graphql';
import { SiteLink } from '../../ui/SiteLink';

/** Sends the browser to a hosted payment page (Stripe's, or the local test checkout). */
function redirectTo(url: string) {
  window.location.assign(url);
}

/** The Discover plan card: subscribe through checkout, or manage the subscription in the portal. */
export function PlansSection({ subscribed }: { subscribed: boolean }) {
  const toast = useToast();
  const { data } = useQuery(AccountBillingDocument, { fetchPolicy: 'cache-and-network' });
  const plan = data?.viewerAccount?.plan;
  const billing = data?.viewerAccount?.billing;
  const [createCheckout] = useMutation(CreateCheckoutSessionDocument);
  const [createPortal] = useMutation(CreateBillingPortalSessionDocument);
  const [redirecting, setRedirecting] = useState<'checkout' | 'portal' | null>(null);

  async function subscribe() {
    setRedirecting('checkout');
    try {
      const result = await createCheckout({ variables: { plan: 'discover' } });
      redirectTo(result.data!.createCheckoutSession.url);
    } catch (failure) {
      setRedirecting(null);
      toast({
        title: "Can't subscribe at this time",
        description: serverMessage(failure),
        variant: 'danger',
      });
    }
  }

  async function manage() {
    setRedirecting('portal');
    try {
      const result = await createPortal();
      redirectTo(result.data!.createBillingPortalSession.url);
    } catch (failure) {
      setRedirecting(null);
      toast({
        title: "Can't open billing at this time",
        description: serverMessage(failure),
        variant: 'danger',
      });
    }
  }

  return (
    <section aria-labelledby="plans-title" className="mb-5">
      <h2 id="plans-title" className="h4">
        Plans
      </h2>
      <p>
        Full information about our plans is on the{' '}
        <SiteLink href={clientSettings.pricingUrl}>pricing page</SiteLink>.
      </p>
      <Card className="shadow-sm" style={{ maxWidth: '28rem' }}>
        <Card.Body>
          <Card.Title as="h3" className="h5">
            Discover plan <span className="text-primary">${DISCOVER_PLAN_PRICE_USD} per month</span>
          </Card.Title>
          <Card.Text>Level up your search. Be the first to find the next big opportunity.</Card.Text>
          {plan?.status === PlanStatus.PastDue ? (
            <Alert variant="warning">
              Your last payment didn't go through, so searches are limited to the free plan's. Update your
              card in Manage billing to keep the Discover plan.
            </Alert>
          ) : null}
          {subscribed ? (
            <Button variant="success" disabled>
              You are subscribed to this plan.
            </Button>
          ) : (
            <Button variant="primary" onClick={() => void subscribe()} disabled={redirecting !== null}>
              {redirecting === 'checkout' ? (
                <>
                  <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
                  Subscribe to the Discover plan
                </>
              ) : (
                'Subscribe to the Discover plan'
              )}
            </Button>
          )}
          {plan?.renewsAt ? (
            <p className="small text-muted mt-2 mb-0">Renews on {formatDate(plan.renewsAt)}.</p>
          ) : null}
          {plan?.endsAt ? (
            <p className="small text-muted mt-2 mb-0">
              {plan.status === PlanStatus.Ended ? 'Ended' : 'Ends'} on {formatDate(plan.endsAt)}.
            </p>
          ) : null}
          {billing?.canManage ? (
            <div className="mt-3">
              <Button
                variant="outline-secondary"
                onClick={() => void manage()}
                disabled={redirecting !== null}
              >
                {redirecting === 'portal' ? 'Opening billing...' : 'Manage billing'}
              </Button>
            </div>
          ) : null}
        </Card.Body>
      </Card>
    </section>
  );
}
