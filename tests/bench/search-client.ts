import http from 'node:http';
import type { BenchQuery } from './search-queries.js';

export type SearchKind = 'ai' | 'boolean';
/** REST, as the specification's shims answer; GraphQL, as the browser asks (with the account). */
export type Transport = 'rest' | 'graphql';

export interface Answer {
  total: number;
  group_by_count: number;
  data: { lens_id: string; family_members?: { lens_id: string }[] }[];
  estimated: boolean;
  result_set_id: string;
}

/** A GET of the API as the searcher (a result set's exact counts), with its time. */
export async function getJson<T>(
  baseUrl: string,
  token: string,
  path: string,
): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} failed: ${response.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - started, body: JSON.parse(text) as T };
}

const REST_ENDPOINT: Record<SearchKind, string> = {
  ai: '/api/v1/ai-search',
  boolean: '/api/v1/boolean-search',
};

/** The browser's search mutation (client/src/features/search/search.graphql), every field of it. */
const browserMutation = (field: 'aiSearch' | 'booleanSearch') => `
  mutation Search($input: SearchInput!) {
    ${field}(input: $input) {
      results {
        total results group_by_count estimated
        data {
          lens_id doc_key patent_status search_result_order
          ipc_families { symbol }
          generative_data { title summary types uses }
          biblio { publication_reference { jurisdiction doc_number kind date } invention_title }
          family_members { lens_id jurisdiction doc_number kind date }
        }
      }
      account { uid searchCount limited }
    }
  }`;
const GRAPHQL_DOCUMENT: Record<SearchKind, string> = {
  ai: browserMutation('aiSearch'),
  boolean: browserMutation('booleanSearch'),
};

/** Kept-alive connections, one per concurrent search, as an HTTP load tool keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One search through the HTTP API. Latency ends when the whole answer has arrived, as HTTP load
 * tools measure it. The client shares the server's two cores, so it does what they do and no
 * more: node:http rather than fetch (whose web streams cost it CPU), and the answer's JSON (over
 * 400 KB) parsed only when `answer()` asks for it.
 */
/** Searches the product stopped past their time budget since the process started. */
export const stoppedSearches = { count: 0 };

export function search(
  baseUrl: string,
  token: string,
  kind: SearchKind,
  body: BenchQuery,
  transport: Transport = 'rest',
): Promise<{ ms: number; answer: () => Answer }> {
  const payload = JSON.stringify(
    transport === 'rest' ? body : { query: GRAPHQL_DOCUMENT[kind], variables: { input: body } },
  );
  const path = transport === 'rest' ? REST_ENDPOINT[kind] : '/graphql';
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          const text = () => Buffer.concat(chunks).toString('utf8');
          // A GraphQL error answers 200 too; it is told by its first bytes, without parsing the rest.
          const failed =
            response.statusCode !== 200 || (transport === 'graphql' && text().startsWith('{"errors"'));
          // The product stops a search past its time budget (SEARCH_TIMED_OUT): on a busy
          // machine that is a figure to report (its time, and how many), not a crash.
          if (failed && text().includes('SEARCH_TIMED_OUT')) {
            stoppedSearches.count += 1;
            resolve({
              ms,
              answer: () => {
                throw new Error(`${kind} search "${body.query}" was stopped by its time budget`);
              },
            });
            return;
          }
          if (failed) {
            reject(
              new Error(
                `${kind} search "${body.query}" failed: ${response.statusCode} ${text().slice(0, 300)}`,
              ),
            );
            return;
          }
          resolve({
            ms,
            answer: () => {
              const parsed = JSON.parse(text()) as Answer | { data: Record<string, { results: Answer }> };
              return 'data' in parsed && !Array.isArray(parsed.data)
                ? Object.values(parsed.data)[0]!.results
                : (parsed as Answer);
            },
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
