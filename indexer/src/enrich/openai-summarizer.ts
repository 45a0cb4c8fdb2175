import type { Logger } from '@patentscout/platform';
import { z } from 'zod';
import { concurrencyLimit } from './concurrency-limit.js';
import { PLAIN_TITLE_MAX_LENGTH } from './plain-title.js';
import type { GeneratedText, Summarizer, SummarizerInput } from './summarizer.js';

/**
 * A summarizer backed by an OpenAI-compatible chat-completions API (OpenAI, Azure OpenAI, vLLM,
 * Ollama, LiteLLM...). The model answers in a JSON schema; each call has a time-out, transient
 * failures are retried with back-off, at most `concurrency` calls run at once, and every call is
 * logged with its latency and token usage (never the key or the patent text).
 */
export interface OpenAiSummarizerOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  concurrency: number;
  timeoutMs: number;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Attempts per record, the first included. */
  maxAttempts?: number;
  /** Waits between attempts; tests replace it to keep time. */
  sleep?: (ms: number) => Promise<void>;
}

export class SummarizerError extends Error {}

const INSTRUCTIONS = [
  'You write plain-language text about one patent publication for non-specialist readers.',
  'Use only facts stated in the record you are given; never invent uses, results or advantages.',
  `Answer in JSON: "title" (sentence case, at most ${PLAIN_TITLE_MAX_LENGTH} characters, no legal phrases such as "method and apparatus for"),`,
  '"summary" (two or three sentences, no reference numerals or figure references),',
  '"types" (one to four short tags: the field of technology and the kind of publication),',
  '"uses" (two to four short sample uses taken from the record or its classification).',
].join(' ');

const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'summary', 'types', 'uses'],
  properties: {
    title: { type: 'string' },
    summary: { type: 'string' },
    types: { type: 'array', items: { type: 'string' } },
    uses: { type: 'array', items: { type: 'string' } },
  },
} as const;

const nonEmpty = z.string().trim().min(1);
const Answer = z.object({
  title: nonEmpty,
  summary: nonEmpty,
  types: z
    .array(nonEmpty)
    .min(1)
    .transform((types) => types.slice(0, 4)),
  uses: z
    .array(nonEmpty)
    .transform((uses) => uses.slice(0, 4))
    .pipe(z.array(z.string()).min(2)),
});

const Completion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable(), refusal: z.string().nullable().optional() }),
      }),
    )
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() })
    .partial()
    .optional(),
});

/** Long abstracts and claims are cut: the opening says what the invention is, and tokens cost money. */
const MAX_ABSTRACT_CHARACTERS = 4_000;
const MAX_CLAIMS_CHARACTERS = 2_000;
const MAX_RETRY_WAIT_MS = 60_000;

/** A failure worth another attempt (rate limit, server trouble, time-out, an unreadable answer). */
class TransientError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

function withinTitleLength(title: string): string {
  if (title.length <= PLAIN_TITLE_MAX_LENGTH) return title;
  const cut = title.slice(0, PLAIN_TITLE_MAX_LENGTH + 1);
  return cut
    .slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : PLAIN_TITLE_MAX_LENGTH)
    .replace(/[\s,;:.-]+$/, '');
}

function retryAfterMs(headers: Headers): number | undefined {
  const header = headers.get('retry-after');
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : undefined;
}

export class OpenAiSummarizer implements Summarizer {
  private readonly limit: ReturnType<typeof concurrencyLimit>;
  private readonly endpoint: string;

  constructor(private readonly options: OpenAiSummarizerOptions) {
    this.limit = concurrencyLimit(options.concurrency);
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  summarize(input: SummarizerInput): Promise<GeneratedText> {
    return this.limit(() => this.summarizeWithRetries(input));
  }

  private async summarizeWithRetries(input: SummarizerInput): Promise<GeneratedText> {
    const { maxAttempts = 3, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } =
      this.options;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.call(input, attempt);
      } catch (error) {
        if (!(error instanceof TransientError) || attempt >= maxAttempts) {
          throw error instanceof SummarizerError
            ? error
            : new SummarizerError(
                `the model failed after ${attempt} attempt(s): ${(error as Error).message}`,
              );
        }
        await sleep(error.retryAfterMs ?? Math.min(500 * 2 ** (attempt - 1), MAX_RETRY_WAIT_MS));
      }
    }
  }

  private requestBody(input: SummarizerInput): string {
    const record = {
      title: input.title,
      abstract: input.abstract.slice(0, MAX_ABSTRACT_CHARACTERS),
      claims: input.claims.slice(0, MAX_CLAIMS_CHARACTERS),
      ipc_classes: input.ipcSymbols.slice(0, 10),
      publication_type: input.publicationType,
    };
    return JSON.stringify({
      model: this.options.model,
      temperature: 0,
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: JSON.stringify(record) },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'patent_plain_language', strict: true, schema: ANSWER_SCHEMA },
      },
    });
  }

  private async call(input: SummarizerInput, attempt: number): Promise<GeneratedText> {
    const { model, logger, timeoutMs } = this.options;
    const started = performance.now();
    const log = (fields: Record<string, unknown>) => ({
      model,
      attempt,
      latencyMs: Math.round(performance.now() - started),
      ...fields,
    });
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.apiKey}` },
        body: this.requestBody(input),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut
        ? `no answer within ${timeoutMs} ms`
        : `request failed (${(error as Error).message})`;
      logger.warn(log({ error: reason }), 'summarizer call failed');
      throw new TransientError(reason);
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      logger.warn(log({ status: response.status, error: detail }), 'summarizer call failed');
      const message = `HTTP ${response.status} from ${this.endpoint}: ${detail}`;
      if (response.status === 429 || response.status >= 500)
        throw new TransientError(message, retryAfterMs(response.headers));
      throw new SummarizerError(message);
    }
    const completion = Completion.safeParse(await response.json().catch(() => undefined));
    if (!completion.success) throw new TransientError('the answer is not a chat completion');
    const usage = completion.data.usage;
    logger.info(
      log({
        status: response.status,
        promptTokens: usage?.prompt_tokens,
        completionTokens: usage?.completion_tokens,
        totalTokens: usage?.total_tokens,
      }),
      'summarizer call',
    );
    const message = completion.data.choices[0]?.message;
    if (message?.refusal) throw new SummarizerError(`the model refused: ${message.refusal}`);
    let content: unknown;
    try {
      content = JSON.parse(message?.content ?? '');
    } catch {
      throw new TransientError('the model did not answer in JSON');
    }
    const answer = Answer.safeParse(content);
    if (!answer.success)
      throw new TransientError(
        `the model's answer does not fit the schema: ${answer.error.issues[0]?.message ?? ''}`,
      );
    return { ...answer.data, title: withinTitleLength(answer.data.title) };
  }
}
