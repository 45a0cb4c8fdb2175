import fc from 'fast-check';

/** One HTTP request the fuzzer sends. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Values that break naive code: huge, negative, empty, unicode, traversal, injection-like. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '99999999999999999999',
    'NaN',
    'null',
    'undefined',
    '../../etc/passwd',
    '%00',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '\u0000',
    '\uD800',
    '*'.repeat(50),
    'a'.repeat(3000),
    'title:(',
    '"unclosed',
    'abstract:*',
    'year:[2050 TO 1800]',
    '((((((((((((((((((((x))))))))))))))))))))',
  ),
);

const queryWords = fc.constantFrom('solar', 'panel', 'robot', 'w', 'the', 'cell', 'x1', 'über');

/**
 * Lens queries shaped to cost the most (ADR 0111): long phrases with large proximities, many
 * ORs, deep groups and NOT chains, wildcard-heavy terms; past the budget or just within it.
 */
export const costlyQuery: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.array(queryWords, { minLength: 2, maxLength: 120 }), fc.integer({ min: 1, max: 60 }))
    .map(([words, slop]) => `"${words.join(' ')}"~${slop}`),
  fc
    .tuple(fc.array(queryWords, { minLength: 2, maxLength: 6 }), fc.integer({ min: 1, max: 50 }), fc.nat(4))
    .map(([words, slop, copies]) =>
      Array.from({ length: copies + 1 }, () => `"${words.join(' ')}"~${slop}`).join(' OR '),
    ),
  fc
    .tuple(fc.integer({ min: 2, max: 400 }), fc.constantFrom(' OR ', ' AND ', ' ', ' || '))
    .map(([count, operator]) => Array.from({ length: count }, (_, n) => `t${n}`).join(operator)),
  fc
    .tuple(fc.integer({ min: 1, max: 80 }), queryWords)
    .map(([depth, word]) => `${'('.repeat(depth)}${word}${')'.repeat(depth)}`),
  fc.integer({ min: 1, max: 120 }).map((count) => `solar AND ${'NOT '.repeat(count)}panel`),
  fc
    .array(fc.constantFrom('so*', 'pa?*l', 'ro*t', 'ce?l', 'x1*', 'me?*d', 'sy?*m', 'de?*e'), {
      minLength: 1,
      maxLength: 30,
    })
    .map((terms) => terms.join(' OR ')),
);

const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      query: fc.oneof(nastyText, costlyQuery),
      email: nastyText,
      name: nastyText,
      password: nastyText,
      uid: nastyText,
      id: nastyText,
      doc_key: nastyText,
      lens_id: nastyText,
      patent_title: nastyText,
      years: fc.array(fc.oneof(fc.integer(), nastyText), { maxLength: 3 }),
      jurisdiction: fc.array(nastyText, { maxLength: 3 }),
      legal_status: fc.array(nastyText, { maxLength: 3 }),
      ipc_filters: fc.array(nastyText, { maxLength: 3 }),
      kind: fc.array(nastyText, { maxLength: 3 }),
      sessionId: nastyText,
      views: fc.array(fc.record({ path: nastyText, referrer: nastyText, at: nastyText }), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  ),
);

/** A body: JSON (valid or not), plain text, or form fields, with a matching or a wrong type. */
const body = fc.oneof(
  jsonBody.map((value) => ({ text: JSON.stringify(value), type: 'application/json' })),
  nastyText.map((text) => ({ text, type: 'application/json' })),
  nastyText.map((text) => ({ text, type: 'text/plain' })),
  fc.dictionary(fc.string({ maxLength: 10 }), nastyText, { maxKeys: 4 }).map((fields) => ({
    text: new URLSearchParams(fields).toString(),
    type: 'application/x-www-form-urlencoded',
  })),
  fc.constant(undefined),
);

/** Lone surrogates cannot be URI-encoded: such a value is sent as its escaped code units. */
function encoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return escape(value);
  }
}

function fillParams(url: string, values: string[]): string {
  let index = 0;
  return url.replace(/:[a-zA-Z]+/g, () => encoded(values[index++] ?? 'x'));
}

/** Requests to the app's REST routes (their real paths, with fuzzed parameters, queries and bodies). */
export function restRequests(routes: string[], tokens: string[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      params: fc.array(nastyText, { minLength: 3, maxLength: 3 }),
      query: fc.dictionary(fc.constantFrom('plan', 'token', 'q', 'id', 'type'), nastyText, { maxKeys: 2 }),
      token: fc.option(fc.constantFrom(...tokens, 'forged-token'), { nil: undefined }),
      body,
    })
    .map(({ route, params, query, token, body: payload }) => {
      const [method, url] = route.split(' ') as [string, string];
      const search = Object.entries(query)
        .map(([name, value]) => `${name}=${encoded(value)}`)
        .join('&');
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload && method !== 'GET') headers['content-type'] = payload.type;
      return {
        method,
        path: `${fillParams(url, params)}${search ? `?${search}` : ''}`,
        headers,
        body: method === 'GET' ? undefined : payload?.text,
      };
    });
}

/** Values of the wrong type for any variable: lists, objects, numbers, booleans, unknown enum values. */
const wrongTyped = fc.oneof(
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('BOGUS', 'AI ', 'advanced', 'WEEK', 'PLAN', ''),
);

/** GraphQL requests: every schema field with fuzzed variables, and malformed documents. */
export function graphqlRequests(operations: string[], tokens: string[]): fc.Arbitrary<FuzzRequest> {
  const document = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...operations) },
    { weight: 1, arbitrary: nastyText },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...operations), fc.nat(), nastyText)
        .map(([op, at, text]) => op.slice(0, at % (op.length + 1)) + text),
    },
  );
  return fc
    .record({
      query: document,
      variables: fc.oneof(
        fc.dictionary(
          fc.constantFrom('input', 'lensId', 'queryString', 'token', 'id', 'query', 'plan'),
          fc.jsonValue({ maxDepth: 2 }),
          {
            maxKeys: 2,
          },
        ),
        fc.dictionary(
          fc.constantFrom(
            'input',
            'lensId',
            'queryString',
            'token',
            'id',
            'query',
            'kind',
            'lensIds',
            'range',
          ),
          wrongTyped,
          { maxKeys: 3 },
        ),
        fc.record(
          {
            input: jsonBody,
            queryString: nastyText,
            query: fc.oneof(nastyText, costlyQuery),
            id: nastyText,
            lensId: nastyText,
            token: nastyText,
          },
          { requiredKeys: [] },
        ),
      ),
      token: fc.option(fc.constantFrom(...tokens, 'forged-token'), { nil: undefined }),
      // Apollo runs queries sent over GET too (mutations it refuses there): both are fuzzed.
      overGet: fc.boolean(),
    })
    .map(({ query, variables, token, overGet }): FuzzRequest => {
      const authorization: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      if (overGet) {
        const params = new URLSearchParams({ query, variables: JSON.stringify(variables) });
        return {
          method: 'GET',
          path: `/graphql?${params.toString()}`,
          headers: { 'apollo-require-preflight': 'true', ...authorization },
          body: undefined,
        };
      }
      return {
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', ...authorization },
        body: JSON.stringify({ query, variables }),
      };
    });
}
