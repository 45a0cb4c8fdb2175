import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSearchSlots } from '../features/search/search-slots.js';
import type { IdentityProvider } from '../shared/identity.js';
import type { Viewer } from '../shared/viewer.js';
import { registerAuthHook } from './auth.js';
import { mapError } from './error-map.js';
import { mountRestRoutes, registerBodyParsers } from './rest.js';

const viewerOf = (uid: string): Viewer => ({
  uid,
  email: `${uid}@example.com`,
  emailVerified: true,
  name: null,
  signInProvider: 'password',
});

/** Every step a request pays for before its handler, counted. */
function countedSteps() {
  const steps = { verifications: 0, accountChecks: 0, handled: 0 };
  const identity: IdentityProvider = {
    verifyIdToken: async (token) => {
      steps.verifications += 1;
      return viewerOf(token.replace('token-of-', ''));
    },
    createUser: async () => ({ uid: 'unused' }),
    deleteUser: async () => undefined,
    close: async () => undefined,
  };
  const isDeleted = async () => {
    steps.accountChecks += 1;
    return false;
  };
  return { steps, identity, isDeleted };
}

/** A promise and the function that settles it: a search that runs until the test ends it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the auth hook', () => {
  it("refuses a search beyond the user's turns before the account check, the body and the handler (ADR 0123)", async () => {
    const slots = createSearchSlots({ atOnce: 1, waiting: 1, refusalPauseMs: 0 });
    const held = gate();
    // The abuser's one turn runs and its one place in the queue is taken.
    const running = slots.run('abuser', () => held.opened);
    const waiting = slots.run('abuser', async () => undefined);
    const { steps, identity, isDeleted } = countedSteps();
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) => {
      const mapped = mapError(error);
      void reply.status(mapped.status).send(mapped.body);
    });
    registerBodyParsers(app);
    registerAuthHook(app, identity, isDeleted, async () => viewerOf('analyst'));
    mountRestRoutes(app, [
      {
        method: 'POST',
        url: '/api/v1/boolean-search',
        refuseEarly: (viewer) => slots.refuseWhenFull(viewer.uid),
        handler: async () => {
          steps.handled += 1;
          return { body: { ok: true } };
        },
      },
    ]);
    const search = (uid: string, body = '{"query":"solar"}') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/boolean-search',
        headers: { authorization: `Bearer token-of-${uid}`, 'content-type': 'application/json' },
        payload: body,
      });

    // Even a body that would not parse: the refusal comes first.
    const refused = await search('abuser', '{not json');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'SEARCHES_IN_PROGRESS',
      message:
        'You already have 2 searches running or waiting. Please wait for one to finish, then search again.',
    });
    expect(steps).toEqual({ verifications: 1, accountChecks: 0, handled: 0 });

    // Another user is checked and served as ever.
    const answered = await search('someone-else');
    expect(answered.statusCode).toBe(200);
    expect(steps).toEqual({ verifications: 2, accountChecks: 1, handled: 1 });

    held.open();
    await Promise.all([running, waiting]);
    // With its turns back, the abuser's next search is checked and served.
    expect((await search('abuser')).statusCode).toBe(200);
    expect(steps).toEqual({ verifications: 3, accountChecks: 2, handled: 2 });
    await app.close();
  });
});
