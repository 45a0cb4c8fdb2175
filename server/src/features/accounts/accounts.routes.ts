import type { RestRoute } from '../../shared/rest.js';
import type { AccountsService } from './accounts.service.js';

export function accountsRoutes(accounts: AccountsService): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/users',
      async handler({ viewer }) {
        const account = await accounts.getAccount(viewer);
        const body = {
          name: account.name,
          email: account.email,
          subscriptionStatus: account.subscriptionStatus,
        };
        // NOTE: 428 means "the account exists but its e-mail is not verified yet" (SPEC-NOTES);
        // the body is still the account, which the client reads as account data.
        return { status: account.emailVerified ? 200 : 428, body };
      },
    },
    {
      method: 'PATCH',
      url: '/api/users',
      async handler({ viewer, body }) {
        const account = await accounts.updateAccount(viewer, body);
        return {
          body: { name: account.name, email: account.email, subscriptionStatus: account.subscriptionStatus },
        };
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
