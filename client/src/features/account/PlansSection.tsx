import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { DISCOVER_PLAN_PRICE_USD } from '@patentscout/schema';
import { clientSettings } from '../../app/config';

/** The Discover plan card. Online checkout has no client operation yet, so subscribing waits. */
export function PlansSection({ subscribed }: { subscribed: boolean }) {
  return (
    <section aria-labelledby="plans-title" className="mb-5">
      <h2 id="plans-title" className="h4">
        Plans
      </h2>
      <p>
        Full information about our plans is on the{' '}
        <a href={clientSettings.pricingUrl} target="_blank" rel="noopener noreferrer">
          pricing page
        </a>
        .
      </p>
      <Card className="shadow-sm" style={{ maxWidth: '28rem' }}>
        <Card.Body>
          <Card.Title as="h3" className="h5">
            Discover plan <span className="text-primary">${DISCOVER_PLAN_PRICE_USD} per month</span>
          </Card.Title>
          <Card.Text>Level up your search. Be the first to find the next big opportunity.</Card.Text>
          {subscribed ? (
            <Button variant="success" disabled>
              You are subscribed to this plan.
            </Button>
          ) : (
            <>
              <Button variant="primary" disabled title="Coming soon" aria-describedby="subscribe-note">
                Subscribe to the Discover plan
              </Button>
              <p id="subscribe-note" className="small text-muted mt-2 mb-0">
                Online checkout is coming soon.
              </p>
            </>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
