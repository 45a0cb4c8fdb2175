import { graphql } from '../../__generated__';

export const REGISTER = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      uid
    }
  }
`);
