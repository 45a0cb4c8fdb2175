import { call } from './http.js';

/** The authorization matrix's vocabulary: what an operation is, and how REST and GraphQL ones run. */

export interface Outcome {
  status: number;
  code: string | undefined;
}
export interface Ids {
  favouriteId: string;
  savedSearchId: string;
  oneShotId: string;
  resultSetId: string;
  ownerUid: string;
  ownerEmail: string;
  collectionId: string;
  collectionLink: string;
  collectionInvitation: string;
}
export interface Operation {
  name: string;
  run(baseUrl: string, token: string | undefined, ids: Ids): Promise<Outcome>;
  /** What another (verified) user gets: refused for the owner's resources, or their own data. */
  otherUser: { status: number; code?: string } | 'own data';
  /** The account's own state stays readable before the e-mail is confirmed (the spec's 428). */
  unverified?: { status: number };
}

export const SEARCH = { query: 'robots that clean solar panels on a roof' };

export function rest(method: string, url: (ids: Ids) => string, body?: (ids: Ids) => unknown) {
  return async (baseUrl: string, token: string | undefined, ids: Ids): Promise<Outcome> => {
    const answer = await call(baseUrl, method, url(ids), { token, body: body?.(ids) });
    return { status: answer.status, code: answer.body?.code };
  };
}

export function gql(document: string, variables: (ids: Ids) => Record<string, unknown> = () => ({})) {
  return async (baseUrl: string, token: string | undefined, ids: Ids): Promise<Outcome> => {
    const answer = await call(baseUrl, 'POST', '/graphql', {
      token,
      body: { query: document, variables: variables(ids) },
    });
    const error = answer.body?.errors?.[0];
    if (error) return { status: error.extensions?.status ?? answer.status, code: error.extensions?.code };
    return { status: answer.status, code: answer.body?.code };
  };
}
