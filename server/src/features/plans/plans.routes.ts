import type { RestRoute } from '../../shared/rest.js';
import type { PlansService } from './plans.service.js';

export function plansRoutes(plans: PlansService): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/users/searchCount',
      handler: async ({ viewer }) => ({ body: await plans.viewerSearchesThisMonth(viewer) }),
    },
  ];
}
