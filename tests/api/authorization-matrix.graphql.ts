import { gql, SEARCH, type Operation } from './authorization-matrix.kit.js';

/** The GraphQL fields' rows of the authorization matrix (the collections' are apart). */
export const GRAPHQL_OPERATIONS: Record<string, Operation> = {
  viewerAccount: {
    name: 'read the account',
    run: gql('{ viewerAccount { uid email } }'),
    otherUser: 'own data',
    unverified: { status: 200 },
  },
  searchCount: { name: 'read the search count', run: gql('{ searchCount }'), otherUser: 'own data' },
  matchHighlights: {
    name: "highlight a search's words in results",
    run: gql(
      'query H($ids: [ID!]!) { matchHighlights(kind: AI, query: "solar panels", lensIds: $ids) { lensId } }',
      () => ({ ids: ['000-111-222-333-444'] }),
    ),
    otherUser: 'own data',
  },
  favourites: { name: 'list favourites', run: gql('{ favourites { id } }'), otherUser: 'own data' },
  savedSearches: {
    name: 'list followed searches',
    run: gql('{ savedSearches { id } }'),
    otherUser: 'own data',
  },
  patentExportDetails: {
    name: 'read the export details of results',
    run: gql('query E($ids: [ID!]!) { patentExportDetails(lensIds: $ids) { lens_id } }', () => ({
      ids: ['000-111-222-333-444'],
    })),
    otherUser: 'own data',
  },
  previousSearches: {
    name: 'list previous searches',
    run: gql('{ previousSearches { id } }'),
    otherUser: 'own data',
  },
  registerGoogleUser: {
    name: 'register a Google account',
    run: gql(
      'mutation R($i: RegisterGoogleUserInput!) { registerGoogleUser(input: $i) { account { uid } } }',
      (ids) => ({
        i: { uid: ids.ownerUid, email: ids.ownerEmail, displayName: 'X', createdAt: '1' },
      }),
    ),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  updateAccount: {
    name: 'change the account',
    run: gql('mutation U($i: UpdateAccountInput!) { updateAccount(input: $i) { account { uid } } }', () => ({
      i: { name: 'Taken over' },
    })),
    otherUser: 'own data',
  },
  deleteAccount: {
    name: 'delete the account',
    run: gql('mutation D($i: DeleteAccountInput!) { deleteAccount(input: $i) { deleted } }', (ids) => ({
      i: { email: ids.ownerEmail },
    })),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  createCheckoutSession: {
    name: 'start a checkout',
    run: gql('mutation { createCheckoutSession(plan: "discover") { url } }'),
    otherUser: 'own data',
  },
  createBillingPortalSession: {
    name: 'open the billing portal',
    run: gql('mutation { createBillingPortalSession { url } }'),
    otherUser: 'own data',
  },
  addFavourite: {
    name: 'save a favourite',
    run: gql('mutation A($i: AddFavouriteInput!) { addFavourite(input: $i) { favourite { id } } }', () => ({
      i: { doc_key: 'US_1_A', patent_title: 'T', lens_id: '000-111-222-333-444' },
    })),
    otherUser: 'own data',
  },
  removeFavourite: {
    name: "delete the owner's favourite",
    run: gql('mutation R($i: RemoveFavouriteInput!) { removeFavourite(input: $i) { id } }', (ids) => ({
      i: { id: ids.favouriteId },
    })),
    otherUser: { status: 404, code: 'FAVOURITE_NOT_FOUND' },
  },
  subscribeToSearchUpdates: {
    name: 'follow a search',
    run: gql(
      'mutation S($q: String!) { subscribeToSearchUpdates(queryString: $q) { savedSearch { id } } }',
      () => ({
        q: 'query=solar+panel+cleaning+robots+for+roofs&type=ai',
      }),
    ),
    otherUser: 'own data',
  },
  unsubscribeFromSearchUpdates: {
    name: "stop the owner's followed search",
    run: gql('mutation U($id: ID!) { unsubscribeFromSearchUpdates(id: $id) { id } }', (ids) => ({
      id: ids.savedSearchId,
    })),
    otherUser: { status: 404, code: 'SAVED_SEARCH_NOT_FOUND' },
  },
  requestOneShotSearch: {
    name: 'order a one-shot search',
    run: gql('mutation O($q: String!) { requestOneShotSearch(query: $q) { requestId } }', () => ({
      q: 'a robot that cleans the solar panels on a roof',
    })),
    otherUser: 'own data',
  },
  aiSearch: {
    name: 'AI search',
    run: gql('mutation S($i: SearchInput!) { aiSearch(input: $i) { results { total } } }', () => ({
      i: SEARCH,
    })),
    otherUser: 'own data',
  },
  booleanSearch: {
    name: 'advanced search',
    run: gql('mutation S($i: SearchInput!) { booleanSearch(input: $i) { results { total } } }', () => ({
      i: { query: 'solar' },
    })),
    otherUser: 'own data',
  },
  analytics: {
    name: 'read the analytics (analysts only)',
    run: gql('{ analytics(range: { from: "2026-01-01", to: "2026-02-01" }) { searches } }'),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  landscape: {
    name: 'answer a landscape (analysts only)',
    run: gql('{ landscape(input: { kind: ADVANCED, query: "solar" }) { counted } }'),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
};
