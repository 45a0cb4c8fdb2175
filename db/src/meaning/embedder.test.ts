import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddingsUnavailable, openAiEmbedder } from './embedder.js';
import { DIMENSIONS } from './vectors.js';

interface Seen {
  authorization: string | undefined;
  body: { model: string; input: string[]; dimensions: number };
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
/** What the endpoint answers next: a status and a body, or a delay longer than the client waits. */
let answer: (body: Seen['body']) => { status: number; body: unknown; delayMs?: number };

const readBody = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as Seen['body'];
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    seen.push({ authorization: request.headers.authorization, body });
    const { status, body: reply, delayMs = 0 } = answer(body);
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A long embedding whose first DIMENSIONS values are `lead`, the rest noise to be cut off. */
const longEmbedding = (lead: number) => [...Array.from({ length: DIMENSIONS }, () => lead), 5, -5, 9];

describe('openAiEmbedder', () => {
  it('asks for DIMENSIONS values in OpenAI format and keeps the answers in input order, cut and of unit length', async () => {
    answer = (body) => ({
      status: 200,
      // Answered out of order: the index says which input each embedding belongs to.
      body: {
        data: body.input.map((_, index) => ({ index, embedding: longEmbedding(index + 1) })).reverse(),
      },
    });
    const embedder = openAiEmbedder({
      baseUrl: `${baseUrl}/`,
      apiKey: 'sk-test',
      model: 'embed-small',
      timeoutMs: 2_000,
    });
    const vectors = await embedder.embed(['first text', 'second text']);

    expect(embedder.method).toBe('openai:embed-small');
    expect(seen.at(-1)).toEqual({
      authorization: 'Bearer sk-test',
      body: { model: 'embed-small', input: ['first text', 'second text'], dimensions: DIMENSIONS },
    });
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) {
      expect(vector).toHaveLength(DIMENSIONS);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
      expect(vector[0]).toBeCloseTo(1 / Math.sqrt(DIMENSIONS), 5);
    }
  });

  it('says clearly when the endpoint refuses, answers nonsense, or does not answer in time', async () => {
    const embedder = openAiEmbedder({ baseUrl, model: 'm', timeoutMs: 300 });
    answer = () => ({ status: 401, body: { error: { message: 'Incorrect API key' } } });
    await expect(embedder.embed(['text'])).rejects.toThrow(/answered 401: .*Incorrect API key/);
    answer = () => ({ status: 200, body: { data: [{ index: 0, embedding: [0.1, 0.2] }] } });
    await expect(embedder.embed(['text'])).rejects.toThrow(EmbeddingsUnavailable);
    answer = () => ({
      status: 200,
      body: { data: [{ index: 0, embedding: longEmbedding(1) }] },
      delayMs: 1_000,
    });
    await expect(embedder.embed(['text'])).rejects.toThrow(/did not answer/);
  });

  it('sends nothing for no texts', async () => {
    const before = seen.length;
    expect(await openAiEmbedder({ baseUrl, model: 'm', timeoutMs: 300 }).embed([])).toEqual([]);
    expect(seen).toHaveLength(before);
  });
});
