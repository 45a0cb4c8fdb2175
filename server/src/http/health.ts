import type { FastifyInstance } from 'fastify';

export interface ComponentHealth {
  ok: boolean;
  detail: string;
}

export interface HealthProbe {
  database(): Promise<ComponentHealth>;
  auth(): Promise<ComponentHealth>;
  jobs(): Promise<ComponentHealth>;
}

async function settle(check: () => Promise<ComponentHealth>): Promise<ComponentHealth> {
  try {
    return await check();
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

export function registerHealthRoute(app: FastifyInstance, probe: HealthProbe): void {
  app.get('/healthz', async (_request, reply) => {
    const [database, auth, jobs] = await Promise.all([
      settle(probe.database),
      settle(probe.auth),
      settle(probe.jobs),
    ]);
    const ok = database.ok && auth.ok && jobs.ok;
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database, auth, jobs });
  });
}
