import { graphql } from '../__generated__';

export const VIEWER_ACCOUNT = graphql(`
  query ViewerAccount {
    viewerAccount {
      uid
      name
      email
      plan {
        name
        status
      }
      emailVerified
      analyst
      searchCount
      freeSearchesPerMonth
      limited
    }
  }
`);

export const REGISTER_GOOGLE_USER = graphql(`
  mutation RegisterGoogleUser($input: RegisterGoogleUserInput!) {
    registerGoogleUser(input: $input) {
      account {
        uid
      }
    }
  }
`);
