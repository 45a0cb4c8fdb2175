import { z } from 'zod';
import { defineSettings, optionalText } from '../shared/settings.js';

/** What the indexer's jobs use: the writer of AI text, the Lens patent API and its schedule. */
export const indexingSettings = defineSettings({
  env: {
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
    OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    OPENAI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    OPENAI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    LENS_API_TOKEN: optionalText,
    LENS_API_URL: z.string().url().default('https://api.lens.org/patent/search'),
    REINDEX_CRON: z
      .string()
      .trim()
      .regex(/^\S+(\s+\S+){4}$/, 'must be a cron expression of five fields, e.g. "0 3 * * 1"')
      .default('0 3 * * 1'),
    REINDEX_QUERY: optionalText,
  },
  read: (vars) => ({
    /** Who writes AI titles and summaries: the offline summarizer, or an OpenAI-compatible chat model. */
    summarizer: vars.OPENAI_API_KEY
      ? {
          mode: 'openai' as const,
          baseUrl: vars.OPENAI_BASE_URL,
          apiKey: vars.OPENAI_API_KEY,
          model: vars.OPENAI_MODEL,
          concurrency: vars.OPENAI_CONCURRENCY,
          timeoutMs: vars.OPENAI_TIMEOUT_SECONDS * 1000,
        }
      : { mode: 'offline' as const },
    /** The Lens patent API and the scheduled re-index (disabled without a token). */
    lens: {
      apiUrl: vars.LENS_API_URL,
      token: vars.LENS_API_TOKEN,
      reindexCron: vars.REINDEX_CRON,
      reindexQuery: vars.REINDEX_QUERY,
    },
    modes: { ai: vars.OPENAI_API_KEY ? 'OpenAI-compatible model' : 'offline summarizer' },
  }),
});
