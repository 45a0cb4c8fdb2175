import { z } from 'zod';
import { DIMENSIONS, normalize } from './vectors.js';

/** The embedded method's name, stored with the model when no embeddings endpoint is configured. */
export const WORD_VECTORS_METHOD = 'words';

/**
 * Where patent and query vectors come from when an operator configures a model (ADR 0164): unit
 * vectors of DIMENSIONS values, one per text, in order. `method` is stored with the vectors, so
 * that vectors of two methods are never compared.
 */
export interface TextEmbedder {
  readonly method: string;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** An OpenAI-compatible `POST {baseUrl}/embeddings` endpoint. */
export interface EmbeddingsEndpoint {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export class EmbeddingsUnavailable extends Error {}

const answerSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()).min(DIMENSIONS) })),
});

/**
 * Asks for DIMENSIONS values (`dimensions`, which OpenAI's current models honour). An endpoint that
 * returns more is cut to the first DIMENSIONS and made unit length again: current embedding models
 * are trained so that a prefix keeps the meaning, which is what `dimensions` does on OpenAI's side.
 */
export function openAiEmbedder(endpoint: EmbeddingsEndpoint): TextEmbedder {
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/embeddings`;
  return {
    method: `openai:${endpoint.model}`,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      const timeout = AbortSignal.timeout(endpoint.timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: endpoint.model, input: texts, dimensions: DIMENSIONS }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new EmbeddingsUnavailable(`The embeddings endpoint ${url} did not answer: ${String(error)}`);
      }
      if (!response.ok)
        throw new EmbeddingsUnavailable(
          `The embeddings endpoint ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
        );
      const answer = answerSchema.safeParse(await response.json().catch(() => null));
      if (!answer.success || answer.data.data.length !== texts.length)
        throw new EmbeddingsUnavailable(
          `The embeddings endpoint ${url} answered without ${texts.length} embeddings of at least ${DIMENSIONS} values.`,
        );
      const vectors = new Map<number, Float32Array>();
      for (const item of answer.data.data)
        vectors.set(item.index, normalize(Float32Array.from(item.embedding.slice(0, DIMENSIONS))));
      return texts.map((_, index) => {
        const vector = vectors.get(index);
        if (!vector)
          throw new EmbeddingsUnavailable(
            `The embeddings endpoint ${url} answered without embedding ${index}.`,
          );
        return vector;
      });
    },
  };
}
