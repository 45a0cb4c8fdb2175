import { afterEach, describe, expect, it } from 'vitest';
import { startLocalServer, type Reply } from '../testing/local-server.js';
import { generatePatents } from './generator.js';
import { LENS_INCLUDE, LensApiClient, LensApiError } from './lens-api.js';
import type { SourceItem } from './source-item.js';

const RECORDS = [...generatePatents({ count: 7, seed: 31 })];
let server: Awaited<ReturnType<typeof startLocalServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(replies: Reply[], options: { maxAttempts?: number } = {}) {
  server = await startLocalServer(
    (_request, index) => replies[index] ?? { status: 500, body: { error: 'no more replies' } },
  );
  const waits: Array<{ ms: number; reason: string }> = [];
  const client = new LensApiClient({
    url: `${server.url}/patent/search`,
    token: 'secret-token',
    pageSize: 3,
    maxAttempts: options.maxAttempts,
    sleep: async () => undefined,
    onWait: (ms, reason) => waits.push({ ms, reason }),
  });
  return { client, waits, requests: server.requests };
}

async function collect(items: AsyncIterable<SourceItem>): Promise<SourceItem[]> {
  const all: SourceItem[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('LensApiClient', () => {
  it('pages through a scroll, honouring 429, the per-minute allowance and a server error', async () => {
    const invalid = { lens_id: 'not-a-lens-id', jurisdiction: 'US' };
    const { client, waits, requests } = await clientFor([
      {
        status: 429,
        headers: { 'x-rate-limit-retry-after-seconds': '2' },
        body: { message: 'Too many requests' },
      },
      {
        status: 200,
        headers: { 'x-rate-limit-remaining-request-per-minute': '5' },
        body: { total: 8, data: RECORDS.slice(0, 3), results: 3, scroll_id: 's1' },
      },
      {
        status: 200,
        headers: {
          'x-rate-limit-remaining-request-per-minute': '0',
          'x-rate-limit-retry-after-seconds': '3',
        },
        body: { total: 8, data: RECORDS.slice(3, 6), results: 3, scroll_id: 's2' },
      },
      { status: 503, body: { message: 'unavailable' } },
      { status: 200, body: { total: 8, data: [RECORDS[6], invalid], results: 2, scroll_id: 's3' } },
    ]);
    const search = client.search({ query: 'title:battery', since: '2026-11-01', until: '2026-11-22' });
    const items = await collect(search.items);

    expect(items.flatMap((item) => ('record' in item ? [item.record] : []))).toEqual(RECORDS);
    expect(items.flatMap((item) => ('problem' in item ? [item.position] : []))).toEqual([
      'Lens API page 3 item 2',
    ]);
    expect(search.progress()).toEqual({ total: 8 });
    expect(waits).toEqual([
      { ms: 2000, reason: 'rate limited (429)' },
      { ms: 3000, reason: 'the per-minute request allowance is used up' },
      { ms: 1000, reason: 'server error 503' },
    ]);

    // Stops once it has all 8, without asking for a fourth page.
    expect(requests).toHaveLength(5);
    for (const request of requests) {
      expect(request).toMatchObject({
        method: 'POST',
        url: '/patent/search',
        headers: { authorization: 'Bearer secret-token', 'content-type': 'application/json' },
      });
    }
    expect(requests[0]?.body).toEqual({
      query: {
        bool: {
          must: [{ query_string: { query: 'title:battery' } }],
          filter: [{ range: { date_published: { gte: '2026-11-01', lte: '2026-11-22' } } }],
        },
      },
      include: LENS_INCLUDE,
      size: 3,
      scroll: '1m',
      sort: [{ date_published: 'asc' }],
    });
    expect(requests.slice(2).map((request) => request.body)).toEqual([
      { scroll_id: 's1', scroll: '1m' },
      { scroll_id: 's2', scroll: '1m' },
      { scroll_id: 's2', scroll: '1m' },
    ]);
  });

  it('ends when the scroll answers 204 and fetches everything when no query is given', async () => {
    const { client, requests } = await clientFor([
      { status: 200, body: { total: 100, data: RECORDS.slice(0, 3), scroll_id: 's1' } },
      { status: 204 },
    ]);
    expect(await collect(client.search({ since: '2026-01-01' }).items)).toHaveLength(3);
    expect(requests[0]?.body).toMatchObject({
      query: { bool: { must: [], filter: [{ range: { date_published: { gte: '2026-01-01' } } }] } },
    });
  });

  it('stops at once on a refused token, naming the variable to check', async () => {
    const { client, requests } = await clientFor([{ status: 401, body: { message: 'Unauthorized' } }]);
    await expect(collect(client.search({ since: '2026-01-01' }).items)).rejects.toThrowError(
      /answered 401 \(check LENS_API_TOKEN\)/,
    );
    expect(requests).toHaveLength(1);
  });

  it('gives up after its attempts when the API keeps failing', async () => {
    const { client, waits } = await clientFor([], { maxAttempts: 3 });
    await expect(collect(client.search({ since: '2026-01-01' }).items)).rejects.toThrowError(LensApiError);
    expect(waits.map((wait) => wait.ms)).toEqual([1000, 2000]);
  });
});
