import type { FastifyReply } from 'fastify';
import type { Logger } from '../../shared/logger.js';
import type { EventDelivery } from './events.js';
import type { LocalStripeStore } from './store.js';
import type { SubscriptionLifecycle } from './subscriptions.js';

/** What the stand-in's route modules share. */
export interface StandIn {
  store: LocalStripeStore;
  lifecycle: SubscriptionLifecycle;
  events: EventDelivery;
  options: { secretKey: string; priceDiscover: string; logger: Logger };
  /** The stand-in's own address, known once it listens. */
  baseUrl(): string;
}

/** Stripe's error answer, which the SDK turns into its typed errors. */
export function stripeError(reply: FastifyReply, status: number, message: string, code?: string) {
  return reply
    .status(status)
    .send({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });
}

/** A Stripe list page: newest first, `limit` items after `starting_after`, and whether more follow. */
export function listPage<T extends { id: string; created: number }>(
  items: T[],
  query: { limit?: unknown; starting_after?: unknown },
  url: string,
) {
  const sorted = [...items].sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
  const limit = Math.min(100, Math.max(1, Number(query.limit) || 10));
  const after =
    typeof query.starting_after === 'string'
      ? sorted.findIndex((item) => item.id === query.starting_after)
      : -1;
  const rest = sorted.slice(after + 1);
  return { object: 'list' as const, data: rest.slice(0, limit), has_more: rest.length > limit, url };
}

/** Stripe's form-encoded booleans ("true"/"false"). */
export const isTrue = (value: unknown) => value === true || value === 'true';

/** What a keyed request created the first time (Stripe's Idempotency-Key), from its table. */
export function remembered<T>(standIn: StandIn, key: unknown, table: Record<string, T>): T | undefined {
  const id = typeof key === 'string' ? standIn.store.state.idempotency[key] : undefined;
  return id ? table[id] : undefined;
}

export function remember(standIn: StandIn, key: unknown, id: string): void {
  if (typeof key === 'string') standIn.store.state.idempotency[key] = id;
}
