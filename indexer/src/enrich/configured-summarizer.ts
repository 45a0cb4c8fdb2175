import type { Logger } from '@patentscout/platform';
import { OfflineSummarizer } from './offline-summarizer.js';
import { OpenAiSummarizer } from './openai-summarizer.js';
import type { Summarizer } from './summarizer.js';
import type { SummarizerSettings } from '../settings.js';

/** The OpenAI-compatible model when `OPENAI_API_KEY` is set, the offline summarizer otherwise. */
export function configuredSummarizer(
  config: SummarizerSettings,
  logger: Pick<Logger, 'info' | 'warn'>,
): Summarizer {
  if (config.mode === 'offline') return new OfflineSummarizer();
  const { baseUrl, apiKey, model, concurrency, timeoutMs } = config;
  return new OpenAiSummarizer({ baseUrl, apiKey, model, concurrency, timeoutMs, logger });
}
