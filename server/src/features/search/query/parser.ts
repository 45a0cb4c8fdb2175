import {
  checkLensQuery as sharedCheck,
  parseLensQuery as sharedParse,
  type QueryNode,
} from '@patentscout/schema';
import { withQuerySyntax } from './errors.js';

/**
 * The shared Lens query parser (`@patentscout/schema`), answering what it cannot read with the
 * server's QUERY_SYNTAX error.
 */
export function parseLensQuery(query: string): QueryNode {
  return withQuerySyntax(() => sharedParse(query));
}

/** The shared checks of a parsed query (what the search would refuse), as QUERY_SYNTAX errors. */
export function checkLensQuery(root: QueryNode): void {
  withQuerySyntax(() => sharedCheck(root));
}
