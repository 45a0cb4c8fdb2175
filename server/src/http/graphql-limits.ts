import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * Fields that run a search: one per operation, whatever the aliases. An analyst's `landscape`
 * uses no credit but reads up to 10,000 matches, so it counts here too.
 */
const SEARCH_FIELDS = new Set(['aiSearch', 'booleanSearch', 'requestOneShotSearch', 'landscape']);

/**
 * Fields that read up to a page of results' text each (`matchHighlights` marks up to 25 patents):
 * one per operation, so that aliases cannot multiply that work.
 */
const PAGE_TEXT_FIELDS = new Set(['matchHighlights']);

/**
 * Limits a legitimate client stays far below. The schema itself is at most 7 deep and has no
 * cycles; only introspection nests (`ofType`), and a standard introspection query is 13 deep.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 15,
  maxAliases: 10,
  maxDirectives: 10,
  maxTokens: 3000,
  /**
   * graphql-armor multiplies a selection by its literal `first`: an analyst's `map(first: 500)`
   * with every field costs about 35,000, the costliest operation a client needs. A fragment bomb
   * costs millions within the token limit.
   */
  maxCost: 50_000,
} as const;

/** Counts the search fields an operation selects, through fragments and inline fragments. */
function countSearchFields(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  seen: Set<string>,
  names: ReadonlySet<string> = SEARCH_FIELDS,
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (names.has((selection as FieldNode).name.value)) count += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countSearchFields(context, selection.selectionSet, seen, names);
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = context.getFragment(selection.name.value);
      if (fragment) count += countSearchFields(context, fragment.selectionSet, seen, names);
    }
  }
  return count;
}

/**
 * At most one search per operation: a search is the unit the free plan counts and the server's
 * costliest work. Likewise at most one `matchHighlights`.
 */
export const oneSearchPerOperation: ValidationRule = (context) => {
  const visitor: ASTVisitor = {
    OperationDefinition(operation) {
      const searches = countSearchFields(context, operation.selectionSet, new Set());
      const highlights = countSearchFields(context, operation.selectionSet, new Set(), PAGE_TEXT_FIELDS);
      if (highlights > 1) {
        context.reportError(
          new GraphQLError(
            `One matchHighlights per request, please: this operation asks for ${highlights}.`,
            { nodes: [operation], extensions: { code: 'TOO_MANY_HIGHLIGHTS' } },
          ),
        );
      }
      if (searches > 1) {
        context.reportError(
          new GraphQLError(`One search per request, please: this operation asks for ${searches} searches.`, {
            nodes: [operation],
            extensions: { code: 'TOO_MANY_SEARCHES' },
          }),
        );
      }
    },
  };
  return visitor;
};

/**
 * Apollo's protections: the search rule above, depth, aliases, directives, tokens and a cost
 * limit (graphql-armor), no batched requests; field suggestions are hidden in production.
 */
export function graphqlProtection(production: boolean) {
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: false },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    // graphql-armor's token limit parses in a plugin, where a syntax error becomes a 500: Apollo's
    // own parser takes the limit instead (`parseOptions`), and answers 400 GRAPHQL_PARSE_FAILED.
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    blockFieldSuggestion: { enabled: production },
  }).protect();
  return {
    plugins: armor.plugins,
    validationRules: [oneSearchPerOperation, ...armor.validationRules],
    allowBatchedHttpRequests: false as const,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
  };
}
