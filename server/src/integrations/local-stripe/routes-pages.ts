import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { StandIn } from './api.js';
import { checkoutPage, portalPage } from './pages.js';
import { nowSeconds, type LocalCheckoutSession } from './store.js';

const WebhookDelivery = z.object({ paused: z.union([z.boolean(), z.enum(['true', 'false'])]) });

/**
 * The hosted pages a customer sees (checkout, portal), which wait for their events before they
 * redirect, and the stand-in's test helper: pausing webhook deliveries, as disabling the endpoint
 * in Stripe's dashboard would, so that a test can change subscriptions behind the app's back.
 */
export function registerPageRoutes(app: FastifyInstance, standIn: StandIn): void {
  const { state } = standIn.store;
  const { lifecycle } = standIn;
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);
  /** A session past its expiry is expired when next looked at, as Stripe's are. */
  const current = (session: LocalCheckoutSession) => {
    if (session.status === 'open' && session.expires_at && session.expires_at <= nowSeconds()) {
      Object.assign(session, { status: 'expired', url: null });
      standIn.store.save();
      void standIn.events.deliver('checkout.session.expired', session);
    }
    return session;
  };

  app.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    const session = state.sessions[request.params.id];
    return session
      ? html(reply, checkoutPage(current(session)))
      : html(reply, 'Unknown checkout session.', 404);
  });
  app.post<{ Params: { id: string } }>('/checkout/:id/pay', async (request, reply) => {
    const session = state.sessions[request.params.id];
    if (!session) return html(reply, 'Unknown checkout session.', 404);
    if (current(session).status === 'open') await lifecycle.pay(session);
    else if (session.status === 'expired') return html(reply, checkoutPage(session), 410);
    return reply.redirect(session.success_url, 303);
  });
  app.post<{ Params: { id: string } }>('/checkout/:id/cancel', async (request, reply) => {
    const session = state.sessions[request.params.id];
    return session ? reply.redirect(session.cancel_url, 303) : html(reply, 'Unknown checkout session.', 404);
  });

  app.get<{ Params: { id: string } }>('/portal/:id', async (request, reply) => {
    const portal = state.portalSessions[request.params.id];
    if (!portal) return html(reply, 'Unknown portal session.', 404);
    return html(reply, portalPage(portal, standIn.store.subscriptionsOf(portal.customer)));
  });
  const actions = {
    cancel: (subscription: Parameters<typeof lifecycle.cancel>[0]) => lifecycle.cancel(subscription),
    'fail-renewal': lifecycle.failRenewal,
    renew: lifecycle.renew,
  };
  app.post<{ Params: { id: string; subscription: string; action: string } }>(
    '/portal/:id/subscriptions/:subscription/:action',
    async (request, reply) => {
      const portal = state.portalSessions[request.params.id];
      const subscription = state.subscriptions[request.params.subscription];
      const action = actions[request.params.action as keyof typeof actions];
      if (!portal || !subscription || subscription.customer !== portal.customer || !action)
        return html(reply, 'Unknown portal session or subscription.', 404);
      await action(subscription);
      return reply.redirect(`/portal/${portal.id}`, 303);
    },
  );

  app.post('/test-helpers/webhook-delivery', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${standIn.options.secretKey}`)
      return reply.status(401).send({ error: { message: 'Invalid API Key provided.' } });
    const body = WebhookDelivery.safeParse(request.body ?? {});
    if (!body.success) return reply.status(400).send({ error: { message: 'Give {"paused": true|false}.' } });
    const paused = body.data.paused === true || body.data.paused === 'true';
    standIn.events.pause(paused);
    // Resuming waits for nothing; pausing waits for what was queued before, which still goes out.
    if (paused) await standIn.events.drained();
    return { paused };
  });
}
