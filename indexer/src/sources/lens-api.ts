import { z } from 'zod';
import { validateLensRecord, type SourceItem, type SourceProgress } from './source-item.js';

/**
 * A client for the Lens patent search API (`POST /patent/search`): a query limited to a range of
 * publication dates, the fields the indexer reads (include projection), and scroll paging. Rate
 * limits are honoured: a 429 waits for `x-rate-limit-retry-after-seconds` (or `Retry-After`), and
 * when the per-minute allowance reaches zero the next request waits before it is sent; server
 * errors and network failures are retried with exponential back-off.
 */
export interface LensApiOptions {
  url: string;
  token: string;
  /** Records per page (the API allows 100 to 1,000 depending on the plan). */
  pageSize?: number;
  /** Attempts per request, the first included. */
  maxAttempts?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told about every wait, so a progress line or a log can say why nothing moves. */
  onWait?: (ms: number, reason: string) => void;
}

export interface LensQuery {
  /** A Lens query string (`title:battery AND applicant.name:CSIRO`); everything when absent. */
  query?: string;
  /** First publication date, YYYY-MM-DD, included. */
  since: string;
  /** Last publication date, YYYY-MM-DD, included; open when absent. */
  until?: string;
}

export class LensApiError extends Error {}

/** The fields of a patent record that the normalizer reads. */
export const LENS_INCLUDE = [
  'lens_id',
  'jurisdiction',
  'doc_number',
  'kind',
  'date_published',
  'doc_key',
  'publication_type',
  'biblio',
  'abstract',
  'claims',
  'legal_status',
  'families',
];
const SCROLL_LIFETIME = '1m';
const MAX_WAIT_MS = 5 * 60_000;

const SearchResponse = z.looseObject({
  total: z.number().int().nonnegative(),
  data: z.array(z.unknown()),
  scroll_id: z.string().min(1).optional(),
});

export function lensSearchRequest(query: LensQuery, pageSize: number): Record<string, unknown> {
  const published = {
    range: { date_published: { gte: query.since, ...(query.until ? { lte: query.until } : {}) } },
  };
  const must = query.query ? [{ query_string: { query: query.query } }] : [];
  return {
    query: { bool: { must, filter: [published] } },
    include: LENS_INCLUDE,
    size: pageSize,
    scroll: SCROLL_LIFETIME,
    sort: [{ date_published: 'asc' }],
  };
}

const seconds = (value: string | null) =>
  value !== null && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) * 1000 : undefined;

/** How long the API asks us to wait, from its own header or the standard one. */
function requestedWaitMs(headers: Headers): number | undefined {
  return seconds(headers.get('x-rate-limit-retry-after-seconds')) ?? seconds(headers.get('retry-after'));
}

/** Lens sends `x-rate-limit-remaining-request-per-minute` (older docs: `x-rate-limit-remaining`). */
function allowanceExhausted(headers: Headers): boolean {
  const remaining =
    headers.get('x-rate-limit-remaining-request-per-minute') ?? headers.get('x-rate-limit-remaining');
  return remaining !== null && Number(remaining) <= 0;
}

export class LensApiClient {
  private pauseBeforeNextMs = 0;

  constructor(private readonly options: LensApiOptions) {}

  private wait(ms: number, reason: string): Promise<void> {
    const bounded = Math.min(Math.max(ms, 0), MAX_WAIT_MS);
    this.options.onWait?.(bounded, reason);
    return (this.options.sleep ?? ((delay) => new Promise((resolve) => setTimeout(resolve, delay))))(bounded);
  }

  /** One search or scroll request, retried while the failure is transient; `undefined` when the scroll is exhausted (204). */
  private async post(body: Record<string, unknown>): Promise<z.infer<typeof SearchResponse> | undefined> {
    const { url, token, maxAttempts = 6, timeoutMs = 60_000 } = this.options;
    for (let attempt = 1; ; attempt += 1) {
      if (this.pauseBeforeNextMs > 0) {
        await this.wait(this.pauseBeforeNextMs, 'the per-minute request allowance is used up');
        this.pauseBeforeNextMs = 0;
      }
      const backOff = Math.min(1000 * 2 ** (attempt - 1), 60_000);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            authorization: `Bearer ${token}`,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (attempt >= maxAttempts)
          throw new LensApiError(`The Lens API at ${url} cannot be reached: ${(error as Error).message}`);
        await this.wait(backOff, `request failed (${(error as Error).message})`);
        continue;
      }
      if (response.status === 204) return undefined;
      if (response.ok) {
        if (allowanceExhausted(response.headers))
          this.pauseBeforeNextMs = requestedWaitMs(response.headers) ?? 60_000;
        const parsed = SearchResponse.safeParse(await response.json().catch(() => undefined));
        if (!parsed.success)
          throw new LensApiError(
            `The Lens API answered with an unexpected body: ${parsed.error.issues[0]?.message ?? ''}`,
          );
        return parsed.data;
      }
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      const transient = response.status === 429 || response.status >= 500;
      if (!transient || attempt >= maxAttempts) {
        const hint = response.status === 401 || response.status === 403 ? ' (check LENS_API_TOKEN)' : '';
        throw new LensApiError(`The Lens API answered ${response.status}${hint}: ${detail}`);
      }
      const reason = response.status === 429 ? 'rate limited (429)' : `server error ${response.status}`;
      await this.wait(
        response.status === 429 ? (requestedWaitMs(response.headers) ?? backOff) : backOff,
        reason,
      );
    }
  }

  /** Every patent the query finds, page by page, with the count the API reported for progress. */
  search(query: LensQuery): { items: AsyncGenerator<SourceItem>; progress: () => SourceProgress } {
    const pageSize = this.options.pageSize ?? 100;
    let total: number | undefined;
    const post = (body: Record<string, unknown>) => this.post(body);
    async function* items(): AsyncGenerator<SourceItem> {
      let body: Record<string, unknown> = lensSearchRequest(query, pageSize);
      let fetched = 0;
      for (let page = 1; ; page += 1) {
        const response = await post(body);
        if (!response) return;
        total = response.total;
        for (const [index, value] of response.data.entries())
          yield validateLensRecord(value, `Lens API page ${page} item ${index + 1}`);
        fetched += response.data.length;
        if (response.data.length === 0 || !response.scroll_id || fetched >= response.total) return;
        body = { scroll_id: response.scroll_id, scroll: SCROLL_LIFETIME };
      }
    }
    return { items: items(), progress: () => ({ total }) };
  }
}
