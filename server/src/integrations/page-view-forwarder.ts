import type { PageViewForwarder } from '../shared/page-views.js';

const FORWARD_TIMEOUT_MS = 5000;

/**
 * Posts each batch of page views as JSON to an analytics collector (`PAGE_VIEWS_FORWARD_URL`),
 * for a deployment that also wants them in a third-party tool; the views are stored either way.
 */
export function httpPageViewForwarder(url: string): PageViewForwarder {
  return {
    async forward(views) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pageViews: views }),
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`The collector answered ${response.status}.`);
    },
  };
}
