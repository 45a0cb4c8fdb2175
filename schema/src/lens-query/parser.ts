import type { QueryNode } from './ast.js';
import { LENS_QUERY_LIMITS, QueryBudgetError } from './budget.js';
import { QuerySyntaxError } from './errors.js';
import { isFieldName, KNOWN_FIELDS, type FieldName } from './fields.js';
import { tokenize, type Token } from './lexer.js';

/**
 * Parses the Lens query syntax: AND binds tighter than OR; terms side by side are ANDed; NOT,
 * "!" and "-" negate, "+" requires; `field:value` and `field:(a OR b)` restrict a field.
 */
export function parseLensQuery(query: string): QueryNode {
  const tokens = tokenize(query);
  if (tokens.length === 0) throw new QuerySyntaxError('the query is empty.', 0);
  let index = 0;
  let depth = 0;
  const peek = (): Token | undefined => tokens[index];
  const endPosition = () => query.length;

  /** Enters a group or a NOT: nesting is bounded, so that no step below can run out of stack. */
  const nest = (position: number) => {
    depth += 1;
    if (depth > LENS_QUERY_LIMITS.depth)
      throw new QueryBudgetError(
        'depth',
        `the query nests groups and NOTs more than ${LENS_QUERY_LIMITS.depth} deep.`,
        position,
      );
  };

  const startsOperand = (token: Token | undefined) =>
    token !== undefined &&
    ['lparen', 'not', 'plus', 'minus', 'field', 'word', 'phrase', 'range'].includes(token.type);

  function parseOr(field: FieldName): QueryNode {
    const children = [parseAnd(field)];
    while (peek()?.type === 'or') {
      index += 1;
      if (!startsOperand(peek()))
        throw new QuerySyntaxError('OR must be followed by a term.', peek()?.pos ?? endPosition());
      children.push(parseAnd(field));
    }
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  }

  function parseAnd(field: FieldName): QueryNode {
    const children = [parseUnary(field)];
    for (;;) {
      const token = peek();
      if (token?.type === 'and') {
        index += 1;
        if (!startsOperand(peek()))
          throw new QuerySyntaxError('AND must be followed by a term.', peek()?.pos ?? endPosition());
        children.push(parseUnary(field));
      } else if (startsOperand(token)) {
        children.push(parseUnary(field));
      } else {
        break;
      }
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }

  function parseUnary(field: FieldName): QueryNode {
    const token = peek();
    if (token?.type === 'not' || token?.type === 'minus') {
      index += 1;
      if (!startsOperand(peek()))
        throw new QuerySyntaxError('NOT must be followed by a term.', peek()?.pos ?? endPosition());
      nest(token.pos);
      const child = parseUnary(field);
      depth -= 1;
      return { kind: 'not', child };
    }
    if (token?.type === 'plus') {
      index += 1;
      return parseUnary(field);
    }
    return parsePrimary(field);
  }

  function parseGroup(field: FieldName, open: Token): QueryNode {
    nest(open.pos);
    if (peek()?.type === 'rparen') throw new QuerySyntaxError('these parentheses are empty.', open.pos);
    const node = parseOr(field);
    if (peek()?.type !== 'rparen') {
      throw new QuerySyntaxError(
        `expected ")" to close the "(" at character ${open.pos + 1}.`,
        peek()?.pos ?? endPosition(),
      );
    }
    index += 1;
    depth -= 1;
    return node;
  }

  function parsePrimary(field: FieldName): QueryNode {
    const token = peek();
    if (!token) throw new QuerySyntaxError('the query ends where a term was expected.', endPosition());
    index += 1;
    switch (token.type) {
      case 'lparen':
        return parseGroup(field, token);
      case 'field':
        return parseFielded(field, token);
      case 'word':
        return { kind: 'term', field, value: token.value, wildcard: token.wildcard, position: token.pos };
      case 'phrase':
        return { kind: 'phrase', field, text: token.text, slop: token.slop, position: token.pos };
      case 'range':
        return {
          kind: 'range',
          field,
          from: token.from,
          to: token.to,
          includeFrom: token.includeFrom,
          includeTo: token.includeTo,
          position: token.pos,
        };
      case 'rparen':
        throw new QuerySyntaxError('unexpected ")" without a matching "(".', token.pos);
      default:
        throw new QuerySyntaxError(
          `unexpected ${token.type.toUpperCase()} where a term was expected.`,
          token.pos,
        );
    }
  }

  function parseFielded(outer: FieldName, token: Extract<Token, { type: 'field' }>): QueryNode {
    if (!isFieldName(token.name)) {
      throw new QuerySyntaxError(
        `unknown field "${token.name}". Known fields: ${KNOWN_FIELDS.join(', ')}.`,
        token.pos,
      );
    }
    if (outer !== 'default') {
      throw new QuerySyntaxError(
        `the field "${token.name}" cannot be used inside the group of "${outer}".`,
        token.pos,
      );
    }
    const next = peek();
    if (next?.type === 'lparen') {
      index += 1;
      return parseGroup(token.name, next);
    }
    if (next?.type === 'word' || next?.type === 'phrase' || next?.type === 'range')
      return parsePrimary(token.name);
    throw new QuerySyntaxError(
      `"${token.name}:" must be followed by a value or a group in parentheses.`,
      next?.pos ?? endPosition(),
    );
  }

  const root = parseOr('default');
  const rest = peek();
  if (rest) {
    throw new QuerySyntaxError(
      rest.type === 'rparen'
        ? 'unexpected ")" without a matching "(".'
        : 'unexpected text after the end of the query.',
      rest.pos,
    );
  }
  return root;
}
