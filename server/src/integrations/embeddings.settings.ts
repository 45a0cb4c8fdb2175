import { z } from 'zod';
import { defineSettings, optionalText } from '../shared/settings.js';

/**
 * Where the vectors of meaning come from (ADR 0164): the embedded word vectors by default, or an
 * OpenAI-compatible embeddings endpoint when `EMBEDDINGS_BASE_URL` is set.
 */
export const embeddingsSettings = defineSettings({
  env: {
    EMBEDDINGS_BASE_URL: z.string().url().optional(),
    EMBEDDINGS_API_KEY: optionalText,
    EMBEDDINGS_MODEL: z.string().trim().min(1).default('text-embedding-3-small'),
    EMBEDDINGS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  },
  read: (vars) => {
    const apiKey = vars.EMBEDDINGS_API_KEY;
    return {
      embeddings: vars.EMBEDDINGS_BASE_URL
        ? {
            baseUrl: vars.EMBEDDINGS_BASE_URL,
            ...(apiKey ? { apiKey } : {}),
            model: vars.EMBEDDINGS_MODEL,
            timeoutMs: vars.EMBEDDINGS_TIMEOUT_SECONDS * 1000,
          }
        : null,
      modes: {
        meaning: vars.EMBEDDINGS_BASE_URL
          ? `OpenAI-compatible embeddings (${vars.EMBEDDINGS_MODEL} at ${vars.EMBEDDINGS_BASE_URL})`
          : 'embedded word vectors, adapted to the corpus',
      },
    };
  },
});
