import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthSettings } from '../integrations/firebase.settings.js';

const OobCodes = z.object({
  oobCodes: z
    .array(
      z
        .object({
          email: z.string(),
          newEmail: z.string().optional(),
          requestType: z.string(),
          oobLink: z.string(),
        })
        .loose(),
    )
    .default([]),
});

/**
 * The emulator's links open its own bare handler; production's open the app's `/auth/action`
 * page (the Firebase project's action URL). The dev mailbox gives the app's, like production.
 */
function inAppLink(oobLink: string, publicUrl: string): string {
  const emulatorLink = new URL(oobLink);
  return `${publicUrl}/auth/action${emulatorLink.search}`;
}

/**
 * Embedded mode only: the Firebase Auth emulator sends no real e-mail, so this lists the links
 * it would have sent (verification, password reset, sign-in links), newest first.
 */
export function registerDevRoutes(
  app: FastifyInstance,
  auth: Extract<AuthSettings, { mode: 'emulator' }>,
  publicUrl: string,
): void {
  app.get('/dev/auth-emails', async (_request, reply) => {
    const url = `http://${auth.emulatorHost}:${auth.emulatorPort}/emulator/v1/projects/${auth.projectId}/oobCodes`;
    const response = await fetch(url).catch(() => null);
    if (!response?.ok) {
      return reply.status(503).send({ message: 'The Firebase Auth emulator is not answering.' });
    }
    const { oobCodes } = OobCodes.parse(await response.json());
    const emails = oobCodes
      .map((code) => ({
        email: code.newEmail ?? code.email,
        kind: code.requestType,
        link: inAppLink(code.oobLink, publicUrl),
      }))
      .reverse();
    return { emails };
  });
}
