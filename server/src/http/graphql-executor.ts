import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { createGraphQLError, printSchemaWithDirectives } from '@graphql-tools/utils';
// NOTE: only types from graphql here: under Vitest a value import would load a second copy of it,
// whose errors Apollo's `instanceof` checks would not recognise.
import type { ExecutionResult, FormattedExecutionResult, GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';

/** Operations whose compiled form is kept: the client's few documents, and analysts' queries. */
const COMPILED_OPERATIONS = 500;

/**
 * graphql-jit's errors leave `extensions` undefined when the original error has none, where
 * Apollo expects graphql-js's object: each becomes a graphql-js error with the same message,
 * path and original error (which `formatError` maps); variables of the wrong type are
 * BAD_USER_INPUT with status 400.
 */
function asApolloErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  // No data at all: the variables did not fit their types (graphql-jit coerces them before it
  // runs anything), which is the caller's input, as graphql-js and Apollo answer it.
  if (result.data === undefined) {
    return {
      errors: result.errors.map((error) =>
        createGraphQLError(error.message, {
          extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
        }),
      ),
    };
  }
  const errors = result.errors.map((error) =>
    createGraphQLError(error.message, {
      path: error.path,
      originalError: error.originalError ?? error,
      extensions: error.extensions ?? {},
    }),
  );
  return { ...result, errors };
}

/**
 * Executes operations with graphql-jit, which compiles each operation once into a function, and
 * its answer's serialiser with it, instead of walking the query for every field of every item: a
 * search answers 500 items of about twenty fields each, and graphql-js's walk and a generic
 * `JSON.stringify` cost the server as much CPU as the search's own work. Apollo Server takes a
 * custom executor only through its gateway interface, so this is a gateway of one static schema;
 * Apollo still parses and validates every operation before it arrives here.
 */
export function jitExecution(schema: GraphQLSchema): {
  gateway: GatewayInterface;
  /** Apollo's `stringifyResult`: an answer without errors by its operation's compiled serialiser. */
  stringifyResult(result: FormattedExecutionResult): string;
} {
  const compiled = new LRUCache<string, CompiledQuery>({ max: COMPILED_OPERATIONS });
  // The compiled operation whose answer a data object is, for its serialiser.
  const serialisers = new WeakMap<object, (result: ExecutionResult) => string>();

  const executor: GatewayExecutor = async (requestContext) => {
    const key = `${requestContext.queryHash}:${requestContext.operationName ?? ''}`;
    let query = compiled.get(key);
    if (!query) {
      const operationName = requestContext.operationName ?? undefined;
      const compilation = compileQuery(schema, requestContext.document, operationName, {
        customJSONSerializer: true,
      });
      // A document that cannot be compiled answers with its errors, as graphql-js would.
      if (!isCompiledQuery(compilation)) return compilation;
      query = compilation;
      compiled.set(key, query);
    }
    const result = await query.query(
      undefined,
      requestContext.context,
      requestContext.request.variables ?? {},
    );
    if (result.data && !result.errors) serialisers.set(result.data, query.stringify);
    return asApolloErrors(result);
  };

  const gateway: GatewayInterface = {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchemaWithDirectives(schema) });
      return () => undefined;
    },
    async stop() {
      compiled.clear();
    },
  };

  return {
    gateway,
    stringifyResult(result) {
      const clean = result.data && !result.errors && !result.extensions;
      const serialise = clean ? serialisers.get(result.data!) : undefined;
      return serialise ? serialise({ data: result.data }) : JSON.stringify(result);
    },
  };
}
