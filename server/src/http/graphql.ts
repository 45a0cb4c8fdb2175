import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { FastifyInstance } from 'fastify';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { ResolverContext, Services } from '../features/index.js';
import type { Logger } from '../shared/logger.js';
import { analystOperationLog, refuseApiKeysOutsideAnalytics } from './analyst-access.js';
import { mapError } from './error-map.js';
import { jitExecution } from './graphql-executor.js';
import { graphqlProtection } from './graphql-limits.js';
import { serviceUnavailableStatus } from './graphql-outage.js';

function loadTypeDefs(): string {
  const schemaDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@patentscout/schema')));
  return readdirSync(schemaDir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(path.join(schemaDir, file), 'utf8'))
    .join('\n');
}

function mergeResolvers(all: readonly Resolvers<ResolverContext>[]): Resolvers<ResolverContext> {
  const merged: Record<string, Record<string, unknown>> = {
    Query: { ok: () => true },
    Mutation: { noop: () => true },
  };
  for (const resolvers of all) {
    for (const [typeName, fields] of Object.entries(resolvers)) {
      merged[typeName] = { ...merged[typeName], ...(fields as Record<string, unknown>) };
    }
  }
  return merged as Resolvers<ResolverContext>;
}

export async function registerGraphQL(
  app: FastifyInstance,
  deps: {
    services: Services;
    resolvers: readonly Resolvers<ResolverContext>[];
    logger: Logger;
    production: boolean;
  },
) {
  const executor = jitExecution(
    makeExecutableSchema({
      typeDefs: loadTypeDefs(),
      resolvers: refuseApiKeysOutsideAnalytics(mergeResolvers(deps.resolvers)),
    }),
  );
  const protection = graphqlProtection(deps.production);
  const apollo = new ApolloServer<ResolverContext>({
    gateway: executor.gateway,
    stringifyResult: executor.stringifyResult,
    // No HTTP caching of answers here (every answer is the viewer's own), and the cache-control
    // plugin would wrap every field's resolver: 500 search results have ~12,000 fields.
    plugins: [
      fastifyApolloDrainPlugin(app),
      ApolloServerPluginCacheControlDisabled(),
      ...(deps.production ? [ApolloServerPluginLandingPageDisabled()] : []),
      ...protection.plugins,
      analystOperationLog(deps.logger),
      serviceUnavailableStatus(),
    ],
    validationRules: protection.validationRules,
    allowBatchedHttpRequests: protection.allowBatchedHttpRequests,
    // No persisted queries: an operation sent as a hash alone would hide its fields from the
    // search budget (rate-limits.ts), and the client sends whole documents.
    persistedQueries: false,
    parseOptions: protection.parseOptions,
    // Analysts read the schema from docs/api.md and schema/src in production.
    introspection: !deps.production,
    // Apollo adds a stack trace outside NODE_ENV=production, and the embedded default is not
    // production: the answer never carries one, the log below keeps it.
    includeStacktraceInErrorResponses: false,
    formatError(formatted, error) {
      // Errors of the request itself (syntax, validation, variables) come with Apollo's own code.
      const original = (error as { originalError?: unknown })?.originalError;
      if (!original || formatted.extensions?.code !== ApolloServerErrorCode.INTERNAL_SERVER_ERROR) {
        deps.logger.info({ err: error, code: formatted.extensions?.code }, 'GraphQL request refused');
        return formatted;
      }
      const mapped = mapError(original);
      if (mapped.unexpected) deps.logger.error({ err: original }, 'GraphQL resolver failed');
      return {
        message: mapped.body.message,
        path: formatted.path,
        extensions: { code: mapped.code, status: mapped.status },
      };
    },
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    context: async (request) => ({ viewer: request.viewer, services: deps.services }),
  });
  return apollo;
}
