import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type FieldPolicy } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import type { Auth } from 'firebase/auth';
import { clientSettings } from './config';
import { serviceStatusLink } from './serviceStatus';

/** Operations that opt out of the identity token (registration is made while signed out). */
export const WITHOUT_AUTH = { context: { withoutAuth: true } } as const;

export function createApolloClient(auth: Auth): ApolloClient {
  const authLink = new SetContextLink(async (prevContext) => {
    const headers = (prevContext.headers ?? {}) as Record<string, string>;
    if (prevContext.withoutAuth === true) return { headers };
    // A page opened cold (e.g. a patent link) may query before Firebase has restored the session.
    await auth.authStateReady();
    const token = auth.currentUser ? await auth.currentUser.getIdToken() : '';
    return { headers: { ...headers, Authorization: token ? `Bearer ${token}` : '' } };
  });
  return new ApolloClient({
    link: ApolloLink.from([serviceStatusLink, authLink, new HttpLink({ uri: clientSettings.graphqlPath })]),
    cache: createCache(),
  });
}

/**
 * `Collection.contains` answers for the patent asked about (`collections(lensId:)`), not for the
 * collection alone: kept per patent, so that one card's menu never shows another card's ticks.
 */
const containsByPatent: FieldPolicy<Record<string, boolean>, boolean, boolean | undefined> = {
  read: (byPatent, { variables }) => byPatent?.[String(variables?.lensId)],
  merge: (byPatent, incoming, { variables }) => ({ ...byPatent, [String(variables?.lensId)]: incoming }),
};

/** The client's cache: accounts by uid, patents by Lens ID, a collection's membership by patent. */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Account: { keyFields: ['uid'] },
      // The plan has no id of its own: queries that ask for different fields of it merge.
      Plan: { merge: true },
      PatentData: { keyFields: ['lens_id'] },
      Collection: { fields: { contains: containsByPatent } },
    },
  });
}
