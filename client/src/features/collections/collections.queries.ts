import { graphql } from '../../__generated__';

export const COLLECTION_SUMMARY_FRAGMENT = graphql(`
  fragment CollectionSummary_collection on Collection {
    id
    name
    description
    role
    size
    watched
    updated_at
  }
`);

/** Whether a collection holds the patent asked about (`variables.lensId`; see the cache's policy). */
export const COLLECTION_CONTAINS_FRAGMENT = graphql(`
  fragment CollectionContains_collection on Collection {
    contains
  }
`);

export const COLLECTIONS = graphql(`
  query Collections($lensId: String) {
    collections(lensId: $lensId) {
      ...CollectionSummary_collection
      contains
    }
  }
`);

export const COLLECTION_DETAIL_FRAGMENT = graphql(`
  fragment CollectionDetail_collection on Collection {
    ...CollectionSummary_collection
    link_token
    shares {
      email
      role
      accepted
    }
    members {
      lens_id
      doc_key
      title
      family_id
      note
      tags
      in_corpus
      jurisdiction
      doc_number
      kind
      date_published
      patent_status
      ai_title
      ai_summary
      ai_types
      ai_uses
      added_at
      updated_at
    }
  }
`);

export const COLLECTION = graphql(`
  query Collection($id: ID!) {
    collection(id: $id) {
      ...CollectionDetail_collection
    }
  }
`);

export const SHARED_COLLECTION = graphql(`
  query SharedCollection($token: String!) {
    sharedCollection(token: $token) {
      ...CollectionDetail_collection
    }
  }
`);

export const COLLECTION_NOTES = graphql(`
  query CollectionNotes($lensId: String!) {
    collectionNotes(lensId: $lensId) {
      collection_id
      collection_name
      note
      tags
    }
  }
`);

export const CREATE_COLLECTION = graphql(`
  mutation CreateCollection($input: CreateCollectionInput!) {
    createCollection(input: $input) {
      ...CollectionSummary_collection
    }
  }
`);

export const UPDATE_COLLECTION = graphql(`
  mutation UpdateCollection($id: ID!, $input: UpdateCollectionInput!) {
    updateCollection(id: $id, input: $input) {
      ...CollectionSummary_collection
    }
  }
`);

export const DELETE_COLLECTION = graphql(`
  mutation DeleteCollection($id: ID!) {
    deleteCollection(id: $id) {
      id
    }
  }
`);

export const ADD_COLLECTION_MEMBER = graphql(`
  mutation AddCollectionMember($id: ID!, $input: CollectionMemberInput!) {
    addCollectionMember(id: $id, input: $input) {
      lens_id
    }
  }
`);

export const UPDATE_COLLECTION_MEMBER = graphql(`
  mutation UpdateCollectionMember($id: ID!, $lensId: String!, $input: UpdateCollectionMemberInput!) {
    updateCollectionMember(id: $id, lensId: $lensId, input: $input) {
      lens_id
      note
      tags
      duplicate_tags
    }
  }
`);

export const REMOVE_COLLECTION_MEMBER = graphql(`
  mutation RemoveCollectionMember($id: ID!, $lensId: String!) {
    removeCollectionMember(id: $id, lensId: $lensId) {
      lens_id
    }
  }
`);

export const ISSUE_COLLECTION_LINK = graphql(`
  mutation IssueCollectionLink($id: ID!) {
    issueCollectionLink(id: $id) {
      link_token
    }
  }
`);

export const REVOKE_COLLECTION_LINK = graphql(`
  mutation RevokeCollectionLink($id: ID!) {
    revokeCollectionLink(id: $id) {
      link_token
    }
  }
`);

export const INVITE_TO_COLLECTION = graphql(`
  mutation InviteToCollection($id: ID!, $input: InviteToCollectionInput!) {
    inviteToCollection(id: $id, input: $input) {
      email
      role
      accepted
    }
  }
`);

export const REMOVE_COLLECTION_SHARE = graphql(`
  mutation RemoveCollectionShare($id: ID!, $email: String!) {
    removeCollectionShare(id: $id, email: $email) {
      email
    }
  }
`);

export const ACCEPT_COLLECTION_INVITATION = graphql(`
  mutation AcceptCollectionInvitation($token: String!) {
    acceptCollectionInvitation(token: $token) {
      id
      name
      role
    }
  }
`);
