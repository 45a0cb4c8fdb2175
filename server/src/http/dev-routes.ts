import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config.js';

const OobCodes = z.object({
  oobCodes: z
    .array(z.object({ email: z.string(), requestType: z.string(), oobLink: z.string() }).loose())
    .default([]),
});

/**
 * Embedded mode only: the Firebase Auth emulator sends no real e-mail, so this lists the links
 * it would have sent (verification, password reset, sign-in links), newest first.
 */
export function registerDevRoutes(
  app: FastifyInstance,
  auth: Extract<AppConfig['auth'], { mode: 'emulator' }>,
): void {
  app.get('/dev/auth-emails', async (_request, reply) => {
    const url = `http://${auth.emulatorHost}:${auth.emulatorPort}/emulator/v1/projects/${auth.projectId}/oobCodes`;
    const response = await fetch(url).catch(() => null);
    if (!response?.ok) {
      return reply.status(503).send({ message: 'The Firebase Auth emulator is not answering.' });
    }
    const { oobCodes } = OobCodes.parse(await response.json());
    const emails = oobCodes
      .map((code) => ({ email: code.email, kind: code.requestType, link: code.oobLink }))
      .reverse();
    return { emails };
  });
}
