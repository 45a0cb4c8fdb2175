/**
 * The Lens query syntax of the Advanced search, shared by the server (which searches with it) and
 * the browser (which reads queries back and refuses what the server would refuse, before sending).
 * Pure TypeScript: no Node-only imports.
 */
export type { LeafNode, QueryNode } from './ast.js';
export { canonicalLensQuery } from './canonical.js';
export {
  checkQueryBudget,
  LENS_QUERY_LIMITS,
  phraseWords,
  QueryBudgetError,
  type LensQueryLimit,
} from './budget.js';
export { checkLensQuery, LENS_QUERY_MAX_LENGTH, readLensQuery } from './check.js';
export { parseDateBound, parseYear } from './dates.js';
export { describeLensQuery } from './describe.js';
export { QuerySyntaxError } from './errors.js';
export {
  FIELD_KINDS,
  isFieldName,
  KNOWN_FIELDS,
  NAME_FIELD_WEIGHTS,
  TEXT_FIELD_WEIGHTS,
  type FieldKind,
  type FieldName,
} from './fields.js';
export { parseIdentifier, type Identifier } from './identifiers.js';
export { parseLensQuery } from './parser.js';
