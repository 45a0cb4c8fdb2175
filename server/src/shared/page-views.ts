/** A recorded page view, as stored and as forwarded. */
export interface PageViewRecord {
  path: string;
  referrer: string | null;
  userUid: string | null;
  sessionId: string;
  viewedAt: Date;
}

/**
 * Sends recorded views on to an analytics service as well (a deployment's choice); the HTTP
 * adapter is in integrations/page-view-forwarder.ts.
 */
export interface PageViewForwarder {
  forward(views: PageViewRecord[]): Promise<void>;
}
