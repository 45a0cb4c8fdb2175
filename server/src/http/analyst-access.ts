import type { ApolloServerPlugin } from '@apollo/server';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Logger } from '../shared/logger.js';
import { ApiKeyForbiddenError } from '../shared/viewer.js';
import type { GraphQLContext } from '../shared/graphql-context.js';

/**
 * The root fields an analyst API key may call: aggregates and public patent data. Everything
 * else (an account, favourites, followed and previous searches, searches that count toward an
 * allowance, every mutation) is a user's own and refused with FORBIDDEN. A list of what is
 * allowed, so that a new field is closed to keys until someone opens it here.
 */
export const API_KEY_FIELDS: ReadonlySet<string> = new Set(['ok', 'patent', 'analytics', 'landscape']);

type FieldResolver = (parent: unknown, args: unknown, context: GraphQLContext, info: unknown) => unknown;

/** Wraps every Query and Mutation resolver not in API_KEY_FIELDS with the analyst-key refusal. */
export function refuseApiKeysOutsideAnalytics<Context extends GraphQLContext>(
  resolvers: Resolvers<Context>,
): Resolvers<Context> {
  const guarded = { ...resolvers } as Record<string, Record<string, unknown>>;
  for (const root of ['Query', 'Mutation']) {
    const fields = guarded[root];
    if (!fields) continue;
    guarded[root] = Object.fromEntries(
      Object.entries(fields).map(([name, resolve]) => {
        if (API_KEY_FIELDS.has(name) || typeof resolve !== 'function') return [name, resolve];
        const wrapped: FieldResolver = (parent, args, context, info) => {
          if (context.viewer?.apiKeyId !== undefined) throw new ApiKeyForbiddenError();
          return (resolve as FieldResolver)(parent, args, context, info);
        };
        return [name, wrapped];
      }),
    );
  }
  return guarded as Resolvers<Context>;
}

/** One log line per operation an analyst key runs: its key id, the operation, the time taken. */
export function analystOperationLog(logger: Logger): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart({ contextValue }) {
      const keyId = contextValue.viewer?.apiKeyId;
      if (keyId === undefined) return;
      const started = performance.now();
      return {
        async willSendResponse({ operationName, operation, errors }) {
          logger.info(
            {
              analystKeyId: keyId,
              operationName: operationName ?? null,
              operationType: operation?.operation ?? null,
              ms: Math.round(performance.now() - started),
              errors: errors?.length ?? 0,
            },
            'analyst GraphQL operation',
          );
        },
      };
    },
  };
}
