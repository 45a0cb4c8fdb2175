import { afterEach, describe, expect, it } from 'vitest';
import { startLocalServer, type Reply } from '../testing/local-server.js';
import { OpenAiSummarizer, SummarizerError } from './openai-summarizer.js';
import type { SummarizerInput } from './summarizer.js';

const INPUT: SummarizerInput = {
  title: 'METHOD AND APPARATUS FOR CHARGING A LITHIUM BATTERY',
  abstract: 'A charger (10) measures the cell temperature and lowers the current when the cell is warm.',
  claims: '1. A charger comprising a temperature sensor.',
  ipcSymbols: ['H02J7/00'],
  publicationType: 'GRANTED_PATENT',
};
const ANSWER = {
  title: 'Battery charger that slows down when the cell gets warm',
  summary:
    'A charger measures the temperature of a lithium cell. It lowers the charging current when the cell is warm.',
  types: ['Electric power', 'Granted patent'],
  uses: ['Phone chargers', 'Electric vehicle charging'],
};

const completion = (
  content: unknown,
  usage = { prompt_tokens: 210, completion_tokens: 64, total_tokens: 274 },
): Reply => ({
  status: 200,
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) } }],
    usage,
  },
});

let server: Awaited<ReturnType<typeof startLocalServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function summarizerFor(
  reply: (index: number) => Reply | Promise<Reply>,
  options: { concurrency?: number; timeoutMs?: number; maxAttempts?: number } = {},
) {
  server = await startLocalServer((_request, index) => reply(index));
  const logs: Array<{ level: string; fields: Record<string, unknown> }> = [];
  const sleeps: number[] = [];
  const summarizer = new OpenAiSummarizer({
    baseUrl: `${server.url}/v1/`,
    apiKey: 'sk-test',
    model: 'test-model',
    concurrency: options.concurrency ?? 4,
    timeoutMs: options.timeoutMs ?? 5_000,
    maxAttempts: options.maxAttempts,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    logger: {
      info: ((fields: Record<string, unknown>) => logs.push({ level: 'info', fields })) as never,
      warn: ((fields: Record<string, unknown>) => logs.push({ level: 'warn', fields })) as never,
    },
  });
  return { summarizer, logs, sleeps, requests: server.requests };
}

describe('OpenAiSummarizer', () => {
  it('asks for a JSON-schema answer and logs the latency and tokens of the call', async () => {
    const { summarizer, logs, requests } = await summarizerFor(() => completion(ANSWER));
    expect(await summarizer.summarize(INPUT)).toEqual(ANSWER);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: 'Bearer sk-test' },
    });
    const body = request?.body as {
      model: string;
      messages: Array<{ role: string; content: string }>;
      response_format: { type: string; json_schema: { strict: boolean } };
    };
    expect(body.model).toBe('test-model');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(JSON.parse(body.messages[1]!.content)).toMatchObject({
      title: INPUT.title,
      abstract: INPUT.abstract,
      ipc_classes: ['H02J7/00'],
    });
    expect(logs).toEqual([
      {
        level: 'info',
        fields: {
          model: 'test-model',
          attempt: 1,
          status: 200,
          latencyMs: expect.any(Number),
          promptTokens: 210,
          completionTokens: 64,
          totalTokens: 274,
        },
      },
    ]);
    expect(JSON.stringify(logs)).not.toContain('sk-test');
  });

  it('retries server errors and rate limits, waiting as the server asks', async () => {
    const replies: Reply[] = [
      { status: 500, body: { error: 'boom' } },
      { status: 429, headers: { 'retry-after': '2' }, body: { error: 'slow down' } },
      completion(ANSWER),
    ];
    const { summarizer, sleeps, logs } = await summarizerFor((index) => replies[index]!);
    expect(await summarizer.summarize(INPUT)).toEqual(ANSWER);
    expect(sleeps).toEqual([500, 2000]);
    expect(logs.map((log) => [log.level, log.fields.attempt, log.fields.status])).toEqual([
      ['warn', 1, 500],
      ['warn', 2, 429],
      ['info', 3, 200],
    ]);
  });

  it('gives up after a time-out on every attempt', async () => {
    const { summarizer, requests } = await summarizerFor(() => ({ ...completion(ANSWER), delayMs: 1_000 }), {
      timeoutMs: 100,
      maxAttempts: 2,
    });
    await expect(summarizer.summarize(INPUT)).rejects.toThrowError(
      /after 2 attempt\(s\): no answer within 100 ms/,
    );
    expect(requests).toHaveLength(2);
  });

  it('retries an answer that does not fit the schema, and does not retry a refused request', async () => {
    const replies: Reply[] = [
      completion({ title: 'x', summary: 'y', types: ['z'], uses: ['only one'] }),
      completion(ANSWER),
    ];
    const retried = await summarizerFor((index) => replies[index]!);
    expect(await retried.summarizer.summarize(INPUT)).toEqual(ANSWER);
    await server?.close();

    const refused = await summarizerFor(() => ({
      status: 400,
      body: { error: { message: 'model not found' } },
    }));
    await expect(refused.summarizer.summarize(INPUT)).rejects.toThrowError(SummarizerError);
    expect(refused.requests).toHaveLength(1);
  });

  it('keeps a title within 80 characters and at most four uses', async () => {
    const long = {
      ...ANSWER,
      title: `${'Very long words '.repeat(8)}end`,
      uses: ['a1', 'b2', 'c3', 'd4', 'e5'],
    };
    const { summarizer } = await summarizerFor(() => completion(long));
    const text = await summarizer.summarize(INPUT);
    expect(text.title.length).toBeLessThanOrEqual(80);
    expect(text.title).toMatch(/^Very long words/);
    expect(text.uses).toEqual(['a1', 'b2', 'c3', 'd4']);
  });

  it('runs no more calls at once than its concurrency limit', async () => {
    let active = 0;
    let most = 0;
    const { summarizer, requests } = await summarizerFor(
      async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 40));
        active -= 1;
        return completion(ANSWER);
      },
      { concurrency: 2 },
    );
    await Promise.all(Array.from({ length: 6 }, () => summarizer.summarize(INPUT)));
    expect(requests).toHaveLength(6);
    expect(most).toBe(2);
  });
});
