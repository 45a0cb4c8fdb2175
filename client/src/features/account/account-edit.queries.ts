import { graphql } from '../../__generated__';

export const UPDATE_ACCOUNT = graphql(`
  mutation UpdateAccount($input: UpdateAccountInput!) {
    updateAccount(input: $input) {
      account {
        uid
        name
        email
      }
    }
  }
`);

export const DELETE_ACCOUNT = graphql(`
  mutation DeleteAccount($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      deleted
    }
  }
`);
