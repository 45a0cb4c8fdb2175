import type { RestRoute } from '../../shared/rest.js';
import type { MailingListService } from './mailing-list.service.js';

export function mailingListRoutes(mailingList: MailingListService): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/api/v1/mailing-list',
      handler: async ({ body }) => ({ body: await mailingList.join(body) }),
    },
  ];
}
