import { graphql } from '../../__generated__';

export const ACCOUNT_BILLING = graphql(`
  query AccountBilling {
    viewerAccount {
      uid
      plan {
        name
        status
        renewsAt
        endsAt
      }
      billing {
        canManage
      }
    }
  }
`);

export const CREATE_CHECKOUT_SESSION = graphql(`
  mutation CreateCheckoutSession($plan: String!) {
    createCheckoutSession(plan: $plan) {
      url
    }
  }
`);

export const CREATE_BILLING_PORTAL_SESSION = graphql(`
  mutation CreateBillingPortalSession {
    createBillingPortalSession {
      url
    }
  }
`);
