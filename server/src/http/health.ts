import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

export interface ComponentHealth {
  ok: boolean;
  detail: string;
}

/** What `/readyz` checks; each probe reports on its own and a failing one names itself. */
export interface HealthProbe {
  database(): Promise<ComponentHealth>;
  /** Every migration this build knows is applied. */
  migrations?(): Promise<ComponentHealth>;
  auth?(): Promise<ComponentHealth>;
  /** The read replicas' state (informative: reads fall back to the primary). */
  replicas?(): Promise<ComponentHealth>;
  jobs(): Promise<ComponentHealth>;
  /** How far the corpus's meaning goes (informative: without it searches find by words alone). */
  meaning?(): Promise<ComponentHealth & Record<string, unknown>>;
}

/** The paths of operations, not users: no rate limit, no request log line. */
export const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

async function settle(check: () => Promise<ComponentHealth>): Promise<ComponentHealth> {
  try {
    return await check();
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `/healthz`: the process is alive and answers (a restart is the cure otherwise). `/readyz`:
 * the database answers, its migrations are applied and the job queue runs (send no traffic
 * otherwise); 503 names the failing part. `/metrics` (Prometheus): open when `metricsToken` is
 * undefined, else only with `Authorization: Bearer <token>`; not served when `metrics` is absent.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  probe: HealthProbe,
  options: { metrics?: Metrics; metricsToken?: string } = {},
): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const checks = Object.entries(probe).filter(
      (entry): entry is [string, () => Promise<ComponentHealth>] => typeof entry[1] === 'function',
    );
    const results = await Promise.all(checks.map(([, check]) => settle(check)));
    const ok = results.every((result) => result.ok);
    const body = Object.fromEntries(checks.map(([name], index) => [name, results[index]]));
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', ...body });
  });
  const { metrics, metricsToken } = options;
  if (!metrics) return;
  app.get('/metrics', async (request, reply) => {
    if (metricsToken !== undefined && request.headers.authorization !== `Bearer ${metricsToken}`) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A metrics token is required.' });
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
}
