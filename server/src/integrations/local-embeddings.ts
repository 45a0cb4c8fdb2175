import Fastify from 'fastify';
import { z } from 'zod';
import type { Db } from '@patentscout/db';
import { wordMethodVectors } from '../features/search/engine/index.js';

export interface LocalEmbeddings {
  /** The base URL an OpenAI client is given (`…/v1`). */
  baseUrl: string;
  /** The texts it has embedded so far (tests check that the product asked). */
  readonly texts: readonly string[];
  stop(): Promise<void>;
}

const EmbeddingsRequest = z.object({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string()).min(1).max(2048)]),
  dimensions: z.number().int().positive().optional(),
});

/**
 * A stand-in for an OpenAI-compatible embeddings endpoint (ADR 0164), for tests and for trying the
 * configured path without an account: `POST /v1/embeddings` answers in OpenAI's format, with
 * vectors computed by the embedded method from the database's stored words and model. It is not
 * a better model; it proves the protocol and the wiring.
 */
export async function startLocalEmbeddings(db: Db, port = 0): Promise<LocalEmbeddings> {
  const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
  const texts: string[] = [];
  app.post('/v1/embeddings', async (request, reply) => {
    const parsed = EmbeddingsRequest.safeParse(request.body);
    if (!parsed.success)
      return reply
        .code(400)
        .send({ error: { message: parsed.error.issues[0]!.message, type: 'invalid_request_error' } });
    const inputs = typeof parsed.data.input === 'string' ? [parsed.data.input] : parsed.data.input;
    const vectors = await wordMethodVectors(db, inputs);
    if (!vectors)
      return reply
        .code(503)
        .send({ error: { message: 'No word vectors are derived yet.', type: 'server_error' } });
    texts.push(...inputs);
    return {
      object: 'list',
      model: parsed.data.model,
      data: vectors.map((vector, index) => ({ object: 'embedding', index, embedding: Array.from(vector) })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    };
  });
  const address = await app.listen({ host: '127.0.0.1', port });
  return {
    baseUrl: `${address}/v1`,
    texts,
    stop: () => app.close(),
  };
}
