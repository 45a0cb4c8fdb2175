import { graphql } from '../../__generated__';

export const FAVOURITES = graphql(`
  query Favourites {
    favourites {
      id
      doc_key
      patent_title
      lens_id
    }
  }
`);

export const ADD_FAVOURITE = graphql(`
  mutation AddFavourite($input: AddFavouriteInput!) {
    addFavourite(input: $input) {
      favourite {
        id
        doc_key
        patent_title
        lens_id
      }
    }
  }
`);

export const REMOVE_FAVOURITE = graphql(`
  mutation RemoveFavourite($input: RemoveFavouriteInput!) {
    removeFavourite(input: $input) {
      id
    }
  }
`);
