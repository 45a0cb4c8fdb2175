import type { RestRoute } from '../../shared/rest.js';
import type { PlansService } from '../plans/index.js';
import type { Account } from './accounts.model.js';
import type { AccountsService } from './accounts.service.js';

export function accountsRoutes(
  accounts: AccountsService,
  plans: Pick<PlansService, 'subscriptionStatusOf'>,
): RestRoute[] {
  /** The specification's account answer; its subscription status is the plan's. */
  const answer = async (account: Account) => ({
    name: account.name,
    email: account.email,
    subscriptionStatus: await plans.subscriptionStatusOf(account.uid),
  });
  return [
    {
      method: 'GET',
      url: '/api/users',
      async handler({ viewer }) {
        const account = await accounts.getAccount(viewer);
        const body = await answer(account);
        // NOTE: 428 means "the account exists but its e-mail is not verified yet" (SPEC-NOTES);
        // the body is still the account, which the client reads as account data.
        return { status: account.emailVerified ? 200 : 428, body };
      },
    },
    {
      method: 'PATCH',
      url: '/api/users',
      async handler({ viewer, body }) {
        return { body: await answer(await accounts.updateAccount(viewer, body)) };
      },
    },
    {
      method: 'DELETE',
      url: '/api/users',
      async handler({ viewer, body }) {
        return { body: await accounts.deleteAccount(viewer, body) };
      },
    },
    {
      method: 'POST',
      url: '/api/register',
      async handler({ body }) {
        return { status: 201, body: await accounts.register(body) };
      },
    },
    {
      method: 'POST',
      url: '/api/register-google-user',
      async handler({ viewer, body }) {
        const account = await accounts.registerGoogleUser(viewer, body);
        return { status: 200, body: { name: account.name, email: account.email } };
      },
    },
  ];
}
