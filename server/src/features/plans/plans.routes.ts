import type { RestRoute } from '../../shared/rest.js';
import { planAnswer } from './plans.resolvers.js';
import type { PlansService } from './plans.service.js';

export function plansRoutes(plans: PlansService): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/users/searchCount',
      handler: async ({ viewer }) => ({ body: await plans.viewerSearchesThisMonth(viewer) }),
    },
    {
      // Not in the specification: the plan object, as GraphQL's `Account.plan` answers it.
      method: 'GET',
      url: '/api/users/plan',
      handler: async ({ viewer }) => ({ body: planAnswer(await plans.viewerPlan(viewer)) }),
    },
  ];
}
