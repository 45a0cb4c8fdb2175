import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '@patentscout/db';
import { RateLimitedError } from '../shared/errors.js';
import type { HttpSettings } from './http.settings.js';
import { createRateLimitsRepo, type RateLimitsRepo } from './rate-limits.repo.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Ended windows are swept now and then, not on every hit. */
const SWEEP_EVERY_HITS = 1000;

type Limits = HttpSettings['rateLimits'];
type Budget = 'search' | 'signup' | 'webhook' | 'general';

/** Per user when signed in, else per address; the budget's name keeps its counts apart. */
const byUser = (budget: Budget) => (request: FastifyRequest) =>
  request.viewer ? `${budget}:user:${request.viewer.uid}` : `${budget}:ip:${request.ip}`;
const byAddress = (budget: Budget) => (request: FastifyRequest) => `${budget}:ip:${request.ip}`;

/** Routes that run a search or a one-shot (a credit each); GraphQL's searches are found in the body. */
const SEARCH_ROUTES = new Set([
  'POST /api/v1/ai-search',
  'POST /api/v1/boolean-search',
  'POST /api/v1/oneshot-search',
]);
const SIGNUP_ROUTES = new Set(['POST /api/register', 'POST /api/register-google-user']);
const WEBHOOK_ROUTES = new Set(['POST /payments/webhook']);
/** Aliases included: a field's name cannot be hidden, so this cannot miss a search. */
const GRAPHQL_SEARCH = /\b(aiSearch|booleanSearch|requestOneShotSearch|landscape)\b/;
const GRAPHQL_SIGNUP = /\b(register|registerGoogleUser)\b/;

/**
 * The operation's text, from a POST body or a GET address alike: an operation may be sent either
 * way (Apollo runs queries over GET), and both draw on the same budgets.
 */
function graphqlOperation(request: FastifyRequest): string | undefined {
  const fromBody = (request.body as { query?: unknown } | undefined)?.query;
  const fromAddress = (request.query as { query?: unknown } | undefined)?.query;
  const text = typeof fromBody === 'string' ? fromBody : fromAddress;
  return typeof text === 'string' ? text : undefined;
}

function budgetOf(route: string): Budget {
  if (SEARCH_ROUTES.has(route)) return 'search';
  if (SIGNUP_ROUTES.has(route)) return 'signup';
  if (WEBHOOK_ROUTES.has(route)) return 'webhook';
  return 'general';
}

interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * `@fastify/rate-limit`'s store interface around a count (the plugin constructs the store itself,
 * hence a class): `sweep` is true on every SWEEP_EVERY_HITS-th hit, for the count to drop its
 * ended windows then. A synchronous count answers the plugin at once.
 */
function rateLimitStore(
  count: (key: string, timeWindow: number, sweep: boolean) => WindowCount | Promise<WindowCount>,
): FastifyRateLimitStoreCtor {
  let hits = 0;
  class RateLimitStore implements FastifyRateLimitStore {
    incr(key: string, done: (error: Error | null, state?: WindowCount) => void, timeWindow: number): void {
      hits += 1;
      const state = count(key, timeWindow, hits % SWEEP_EVERY_HITS === 0);
      if (state instanceof Promise) {
        state.then(
          (counted) => done(null, counted),
          (error: Error) => done(error),
        );
      } else done(null, state);
    }
    /** Keys already carry their budget's name (see byUser), so one store serves every limiter. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return RateLimitStore;
}

/** Counts over Postgres, so that several instances share them. */
function postgresStore(repo: RateLimitsRepo): FastifyRateLimitStoreCtor {
  return rateLimitStore(async (key, timeWindow, sweep) => {
    if (sweep) void repo.deleteEnded().catch(() => undefined);
    const { count, ttlMs } = await repo.hit(key, timeWindow);
    return { current: count, ttl: ttlMs };
  });
}

/**
 * In-process counts, one map for every limiter (keys carry their budget's name), so that a budget
 * shared by REST and GraphQL is one count; ended windows are swept now and then.
 */
function memoryStore(): FastifyRateLimitStoreCtor {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return rateLimitStore((key, timeWindow, sweep) => {
    const now = Date.now();
    if (sweep) {
      for (const [ended, window] of windows) if (window.endsAt <= now) windows.delete(ended);
    }
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + timeWindow };
      windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  });
}

/**
 * Rate limits with `429` and `Retry-After`: searches and one-shots per user, sign-ups and
 * webhooks per address, and every other API or GraphQL request per user or address. Must be
 * registered before the routes it limits.
 */
export async function registerRateLimits(app: FastifyInstance, limits: Limits, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: limits.store === 'postgres' ? postgresStore(createRateLimitsRepo(db)) : memoryStore(),
    errorResponseBuilder: (_request, context) => new RateLimitedError(context.after),
  });

  const options = {
    search: { max: limits.searchesPerMinute, timeWindow: MINUTE, keyGenerator: byUser('search') },
    signup: { max: limits.signupsPerHour, timeWindow: HOUR, keyGenerator: byAddress('signup') },
    webhook: { max: limits.webhooksPerMinute, timeWindow: MINUTE, keyGenerator: byAddress('webhook') },
    general: { max: limits.requestsPerMinute, timeWindow: MINUTE, keyGenerator: byUser('general') },
  };
  // One limiter per budget, shared by its routes: the AI and advanced searches draw on one budget.
  const limiters: Record<Budget, preHandlerAsyncHookHandler> = {
    search: app.rateLimit(options.search),
    signup: app.rateLimit(options.signup),
    webhook: app.rateLimit(options.webhook),
    general: app.rateLimit(options.general),
  };
  // GraphQL's searches and sign-ups draw on the same budgets as their REST routes.
  const graphqlSearches = app.createRateLimit(options.search);
  const graphqlSignups = app.createRateLimit(options.signup);
  const graphqlBudgets: preHandlerAsyncHookHandler = async (request, reply) => {
    const query = graphqlOperation(request);
    if (query === undefined) return;
    for (const [pattern, limiter] of [
      [GRAPHQL_SEARCH, graphqlSearches],
      [GRAPHQL_SIGNUP, graphqlSignups],
    ] as const) {
      if (!pattern.test(query)) continue;
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) {
        void reply.header('retry-after', state.ttlInSeconds);
        throw new RateLimitedError(`${state.ttlInSeconds} seconds`);
      }
    }
  };

  app.addHook('onRoute', (route) => {
    if (!/^\/(api|graphql|payments)(\/|$)/.test(route.url)) return;
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const handlers = [limiters[budgetOf(`${method} ${route.url}`)]];
    if (route.url === '/graphql') handlers.push(graphqlBudgets);
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...handlers, ...existing];
  });
}
