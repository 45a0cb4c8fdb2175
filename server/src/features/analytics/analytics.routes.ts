import type { RestRoute } from '../../shared/rest.js';
import type { AnalyticsService } from './analytics.service.js';

export function analyticsRoutes(analytics: AnalyticsService): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/api/v1/page-views',
      handler: async ({ viewer, body }) => ({
        status: 202,
        body: await analytics.recordPageViews(viewer, body),
      }),
    },
  ];
}
