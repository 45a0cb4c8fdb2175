import type { AppConfig } from '@patentscout/server/config';
import type { Logger } from '@patentscout/server/shared/logger';
import { OfflineSummarizer } from './offline-summarizer.js';
import { OpenAiSummarizer } from './openai-summarizer.js';
import type { Summarizer } from './summarizer.js';

/** The OpenAI-compatible model when `OPENAI_API_KEY` is set, the offline summarizer otherwise. */
export function configuredSummarizer(
  config: AppConfig['summarizer'],
  logger: Pick<Logger, 'info' | 'warn'>,
): Summarizer {
  if (config.mode === 'offline') return new OfflineSummarizer();
  const { baseUrl, apiKey, model, concurrency, timeoutMs } = config;
  return new OpenAiSummarizer({ baseUrl, apiKey, model, concurrency, timeoutMs, logger });
}
