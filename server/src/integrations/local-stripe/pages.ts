import { escapeHtml } from '../../shared/html.js';
import type { LocalCheckoutSession, LocalPortalSession, LocalSubscription } from './store.js';

/** The stand-in's hosted pages (checkout and customer portal): plain HTML, marked as a test. */

const formatDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f8fa; color: #1f2328; margin: 0; }
  main { max-width: 30rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .test { background: #fff3cd; color: #664d03; border-radius: 6px; padding: .5rem .75rem; font-size: .9rem; }
  .price { font-size: 2rem; font-weight: 700; margin: .25rem 0 1.5rem; }
  form { display: inline; }
  button { font-size: 1rem; border-radius: 6px; padding: .6rem 1.2rem; margin: 0 .5rem .5rem 0; cursor: pointer;
           border: 1px solid #0d6efd; background: #0d6efd; color: #fff; }
  button.secondary { background: #fff; color: #0d6efd; }
  button.danger { background: #fff; color: #b02a37; border-color: #b02a37; }
  button:focus-visible, a:focus-visible { outline: 3px solid #86b7fe; outline-offset: 2px; }
  ul { padding-left: 1.2rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const TEST_NOTE =
  '<p class="test" role="note"><strong>Test mode.</strong> This is the local stand-in for Stripe: no card is asked for and no money moves.</p>';

export function checkoutPage(session: LocalCheckoutSession): string {
  if (session.status !== 'open') {
    return page(
      'Checkout closed',
      `<h1>This checkout is closed</h1>${TEST_NOTE}<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
    );
  }
  return page(
    'Local test checkout: Discover plan $29 per month',
    `<h1>Local test checkout: Discover plan $29 per month</h1>
${TEST_NOTE}
<p class="price">$29.00 <small>per month</small></p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${session.id}/cancel"><button type="submit" class="secondary">Cancel</button></form>`,
  );
}

function subscriptionItem(portal: LocalPortalSession, subscription: LocalSubscription): string {
  const item = subscription.items.data[0]!;
  const status =
    subscription.status === 'canceled'
      ? `Canceled${subscription.ended_at ? ` on ${formatDate(subscription.ended_at)}` : ''}`
      : `${subscription.status === 'past_due' ? 'Past due' : 'Active'}, renews on ${formatDate(item.current_period_end)}`;
  const actions =
    subscription.status === 'canceled'
      ? ''
      : `<div>
<form method="post" action="/portal/${portal.id}/subscriptions/${subscription.id}/cancel"><button type="submit" class="danger">Cancel subscription</button></form>
<form method="post" action="/portal/${portal.id}/subscriptions/${subscription.id}/fail-renewal"><button type="submit" class="secondary">Simulate a failed renewal</button></form>
<form method="post" action="/portal/${portal.id}/subscriptions/${subscription.id}/renew"><button type="submit" class="secondary">Simulate a paid renewal</button></form>
</div>`;
  return `<li><p><strong>Discover plan, $29 per month</strong><br>${escapeHtml(status)}</p>${actions}</li>`;
}

export function portalPage(portal: LocalPortalSession, subscriptions: LocalSubscription[]): string {
  const list =
    subscriptions.length > 0
      ? `<ul>${subscriptions.map((subscription) => subscriptionItem(portal, subscription)).join('')}</ul>`
      : '<p>No subscriptions yet.</p>';
  const back = portal.return_url
    ? `<p><a href="${escapeHtml(portal.return_url)}">Return to PatentScout</a></p>`
    : '';
  return page(
    'Local test billing portal',
    `<h1>Billing</h1>${TEST_NOTE}<h2>Subscriptions</h2>${list}${back}`,
  );
}
