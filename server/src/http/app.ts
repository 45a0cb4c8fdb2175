import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@patentscout/schema';
import { featureModules, servicesOf, type Features } from '../features/index.js';
import type { IdentityProvider } from '../shared/identity.js';
import type { Logger } from '../shared/logger.js';
import { registerAuthHook } from './auth.js';
import { registerDevRoutes } from './dev-routes.js';
import type { HttpConfig } from './http.settings.js';
import { mapError } from './error-map.js';
import { registerGraphQL } from './graphql.js';
import { OPS_PATHS, registerHealthRoutes, type HealthProbe } from './health.js';
import type { Metrics } from '../metrics/metrics.js';
import { mountRestRoutes, registerBodyParsers } from './rest.js';
import type { Db } from '@patentscout/db';
import { registerRateLimits } from './rate-limits.js';
import { registerSecurityHeaders } from './security-headers.js';

const API_PREFIXES = [
  '/api',
  '/graphql',
  '/payments',
  '/dev/',
  '/healthz',
  '/readyz',
  '/metrics',
  '/app-config.json',
];
/** Client pages whose paths share an API prefix: opened or reloaded directly, they get the app. */
const CLIENT_PAGES_UNDER_API_PREFIXES = new Set(['/dev/emails']);

/** Fastify's setting: no proxy trusted by default, or the nearest `proxies` hops. */
function trustedHops(proxies: number): boolean | ((address: string, hop: number) => boolean) {
  return proxies > 0 ? (_address, hop) => hop < proxies : false;
}

export async function buildHttpApp(deps: {
  config: HttpConfig;
  features: Features;
  identity: IdentityProvider;
  logger: Logger;
  health: HealthProbe;
  clientDistDir: string;
  /** The rate limits' shared counts (`RATE_LIMIT_STORE=postgres`). */
  db: Db;
  /** The process's Prometheus registry: request latency by route, and `/metrics`. */
  metrics?: Metrics;
}): Promise<FastifyInstance> {
  const { config, features, identity, logger } = deps;
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One line per request of our own (`logRequests`), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576,
    // Behind load balancers, the client's address (per-address rate limits) is in X-Forwarded-For.
    trustProxy: trustedHops(config.http.trustedProxies),
  });

  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    if (mapped.unexpected) request.log.error({ err: error }, 'request failed');
    if (mapped.retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(mapped.retryAfterSeconds));
    if (mapped.status === 503) {
      request.log.warn(`a part the request needs is unavailable: ${(error as Error).message}`);
      // Before Apollo runs (the sign-in check reads the database): still a GraphQL answer.
      if (request.url.startsWith('/graphql'))
        return reply.status(503).send({
          errors: [{ message: mapped.body.message, extensions: { code: mapped.code, status: 503 } }],
        });
    }
    void reply.status(mapped.status).send(mapped.body);
  });
  registerBodyParsers(app);
  await registerSecurityHeaders(app, config);
  await registerRateLimits(app, config.rateLimits, deps.db);

  registerAuthHook(
    app,
    identity,
    (uid) => features.accounts.service.isDeleted(uid),
    (key) => features.analytics.service.keys.authenticate(key),
  );
  logRequests(app, deps.metrics);
  // In production /metrics is served on the web port only with a token (ADR 0091).
  const metricsOnWebPort = config.env !== 'production' || config.metrics.token !== undefined;
  registerHealthRoutes(app, deps.health, {
    metrics: metricsOnWebPort ? deps.metrics : undefined,
    metricsToken: config.metrics.token,
  });
  app.get('/app-config.json', async () => clientConfig(config));
  if (config.auth.mode === 'emulator') registerDevRoutes(app, config.auth, config.http.publicUrl);

  const modules = featureModules(features);
  mountRestRoutes(
    app,
    modules.flatMap((feature) => feature.routes ?? []),
  );
  await registerGraphQL(app, {
    services: servicesOf(features),
    resolvers: modules.flatMap((feature) => (feature.resolvers ? [feature.resolvers] : [])),
    logger,
    production: config.env === 'production',
  });
  await serveClient(app, deps.clientDistDir);
  return app;
}

/** A file of the built client (`/assets/index-3f2a.js`, `/favicon.svg`): served by @fastify/static. */
const isStaticFile = (method: string, path: string) =>
  method === 'GET' && /\.[A-Za-z0-9]+$/.test(path) && !API_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * One log line per request that says something (API calls, pages): not for static files,
 * health checks or metric scrapes. Every request but those is timed by its route's template.
 */
export function logRequests(app: FastifyInstance, metrics: Metrics | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (OPS_PATHS.has(path)) return;
    const staticFile = isStaticFile(request.method, path);
    // Static files get one label: @fastify/static makes a route of each file.
    const route = staticFile ? 'static' : (request.routeOptions.url ?? 'unmatched');
    const ms = reply.elapsedTime;
    metrics?.observeRequest({ method: request.method, route, status: reply.statusCode, seconds: ms / 1000 });
    if (staticFile) return;
    const line = {
      http: { method: request.method, url: path, status: reply.statusCode, ms: Math.round(ms) },
    };
    const message = `${request.method} ${path} ${reply.statusCode} ${Math.round(ms)} ms`;
    // 503: a part is being restarted (the supervisor says which); not a fault of this request.
    if (reply.statusCode >= 500 && reply.statusCode !== 503) request.log.error(line, message);
    else request.log.info(line, message);
  });
}

function clientConfig(config: HttpConfig) {
  const { auth } = config;
  return {
    productName: PRODUCT_NAME,
    version: PRODUCT_VERSION,
    embedded: auth.mode === 'emulator',
    firebase:
      auth.mode === 'emulator'
        ? {
            apiKey: 'demo-api-key',
            authDomain: `${auth.projectId}.firebaseapp.com`,
            projectId: auth.projectId,
          }
        : { apiKey: auth.apiKey, authDomain: auth.authDomain, projectId: auth.projectId },
    authEmulatorUrl:
      auth.mode === 'emulator'
        ? `http://${auth.emulatorHost}:${auth.emulatorPort}`
        : (auth.emulatorPublicUrl ?? null),
    mailingListUrl: config.mailingList.url,
    featuresUrl: config.site.featuresUrl,
    docsUrl: config.site.docsUrl,
  };
}

/** Serves the built client; any other GET that is not an API path gets index.html (SPA routes). */
async function serveClient(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(`${distDir}/index.html`);
  // The build writes .br and .gz copies of its text files (client/vite.config.ts): sent to
  // browsers that accept them, the bundle travels at about a fifth of its size.
  if (hasBuild)
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, preCompressed: true });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isApi =
      API_PREFIXES.some((prefix) => path.startsWith(prefix)) && !CLIENT_PAGES_UNDER_API_PREFIXES.has(path);
    if (request.method !== 'GET' || isApi) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The client is not built yet: run `npm start` or `npm run build`.');
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
