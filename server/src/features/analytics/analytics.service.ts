import { z } from 'zod';
import type { Clock } from '../../shared/clock.js';
import type { IdentityProvider } from '../../shared/identity.js';
import type { Logger } from '../../shared/logger.js';
import { ValidationError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import type { Viewer } from '../../shared/viewer.js';
import type { PageViewForwarder, PageViewRecord } from '../../shared/page-views.js';
import type { AnalyticsRepo } from './analytics.repo.js';
import { cleanPath, cleanReferrer } from './page-view-path.js';

/** A browser batches at most this many views; more in one request is not a browser's. */
const MAX_VIEWS_PER_BATCH = 50;
/** A view's own time is trusted within this window (batches wait in the browser a little). */
const MAX_VIEW_AGE_MS = 24 * 60 * 60 * 1000;

const PageViewBatch = z.object({
  sessionId: z.string().regex(/^[\w-]{8,64}$/, 'sessionId must be 8 to 64 letters, digits, - or _.'),
  /** `navigator.sendBeacon` cannot send headers, so a signed-in browser sends its token here. */
  idToken: z.string().min(1).max(4096).optional(),
  views: z
    .array(
      z.object({
        path: z.string().startsWith('/', 'A path starts with /.').max(2000),
        referrer: z.string().max(2000).nullish(),
        at: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1, 'Send at least one view.')
    .max(MAX_VIEWS_PER_BATCH, `Send at most ${MAX_VIEWS_PER_BATCH} views at a time.`),
});

/** A beacon's body arrives as text (sendBeacon's string bodies are text/plain). */
function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ValidationError('The page views must be sent as JSON.');
  }
}

export interface AnalyticsService {
  /** Stores a browser's batch of page views (first-party, no third party involved). */
  recordPageViews(viewer: Viewer | null, body: unknown): Promise<{ recorded: number }>;
}

export function createAnalyticsService(deps: {
  repo: AnalyticsRepo;
  identity: IdentityProvider;
  clock: Clock;
  logger: Logger;
  forwarder?: PageViewForwarder;
}): AnalyticsService {
  const { repo, identity, clock, logger, forwarder } = deps;

  /** The header's viewer, else the body's token; an expired token only makes the views anonymous. */
  async function userOf(viewer: Viewer | null, idToken: string | undefined): Promise<string | null> {
    const uid =
      viewer?.uid ??
      (idToken
        ? await identity.verifyIdToken(idToken).then(
            (v) => v.uid,
            () => null,
          )
        : null);
    return uid && (await repo.isOpenAccount(uid)) ? uid : null;
  }

  return {
    async recordPageViews(viewer: Viewer | null, body: unknown): Promise<{ recorded: number }> {
      const batch = parseInput(PageViewBatch, parseBody(body));
      const userUid = await userOf(viewer, batch.idToken);
      const now = clock.now().getTime();
      const rows: PageViewRecord[] = batch.views.map((view) => {
        const at = view.at ? Date.parse(view.at) : now;
        return {
          path: cleanPath(view.path),
          referrer: view.referrer ? cleanReferrer(view.referrer) : null,
          userUid,
          sessionId: batch.sessionId,
          viewedAt: new Date(at > now || at < now - MAX_VIEW_AGE_MS ? now : at),
        };
      });
      await repo.insertPageViews(rows);
      forwarder
        ?.forward(rows)
        .catch((failure: unknown) => logger.warn({ err: failure }, 'Forwarding page views failed'));
      return { recorded: rows.length };
    },
  };
}
