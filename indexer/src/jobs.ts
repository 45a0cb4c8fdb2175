import { MEANING_JOB, openAiEmbedder, type Db } from '@patentscout/db';
import type { JobContext, JobDefinition, Logger } from '@patentscout/platform';
import { z } from 'zod';
import { configuredSummarizer } from './enrich/configured-summarizer.js';
import { enrichPendingPatents } from './enrich/enrich-pending.js';
import { isoDay } from './load/index-runs.js';
import { fetchFromLens } from './lens-fetch.js';
import { ClassWordsStopped } from './learned/learn-class-words.js';
import { MeaningBuildStopped } from './meaning/build-meaning.js';
import { updateMeaning } from './meaning/update-meaning.js';
import { LensApiClient } from './sources/lens-api.js';
import type { IndexerSettings } from './settings.js';

/** The indexer's jobs, run by the server's worker over our database. */
export type IndexerJob = JobDefinition<JobContext<Db>>;

export const ENRICH_JOB = 'indexer.enrich';
export const REINDEX_JOB = 'indexer.reindex';
export { MEANING_JOB };
/** New patents get their vectors within a minute or two of being written. */
const MEANING_SCHEDULE = '* * * * *';

/** Catches patents left without AI text (an import with --no-enrich, a failed model call). */
const ENRICH_SCHEDULE = '*/15 * * * *';
/** Patents per enrichment run; a run that leaves more queues the next one. */
const ENRICH_PER_RUN = 5_000;
/** The first re-index of a query fetches one week back, as if a weekly run had come before. */
const FIRST_REINDEX_DAYS = 7;

const EnrichPayload = z.object({ limit: z.number().int().positive().optional() });

/**
 * The indexer's background jobs, run by the server's pg-boss worker (scripts/start.ts hands them
 * over): AI enrichment of patents without AI text, and the weekly Lens re-index, which is
 * scheduled only when `LENS_API_TOKEN` is set.
 */
export function indexerJobs(
  config: Pick<IndexerSettings, 'summarizer' | 'lens' | 'embeddings'>,
  logger: Logger,
): IndexerJob[] {
  const summarizer = configuredSummarizer(config.summarizer, logger);
  const embedder = config.embeddings ? openAiEmbedder(config.embeddings) : undefined;
  const { token, apiUrl, reindexCron, reindexQuery } = config.lens;

  const enrich: IndexerJob = {
    name: ENRICH_JOB,
    schedule: ENRICH_SCHEDULE,
    expireInSeconds: 60 * 60,
    async handler(payload, { db, logger: log, send, signal }) {
      const { limit = ENRICH_PER_RUN } = EnrichPayload.parse(payload);
      const result = await enrichPendingPatents({
        db,
        summarizer,
        limit,
        signal,
        onEnrichFailed: (lensId, error) => log.warn({ lensId, err: error }, 'no AI text for this patent'),
      });
      log.info(
        { enriched: result.enriched, failed: result.failed, remaining: result.remaining },
        'AI enrichment run',
      );
      // Only a run that made progress continues at once; otherwise the schedule tries again later.
      if (result.enriched > 0 && result.remaining > result.failed && !result.interrupted)
        await send(ENRICH_JOB, { limit });
    },
  };

  const reindex: IndexerJob = {
    name: REINDEX_JOB,
    ...(token ? { schedule: reindexCron } : {}),
    expireInSeconds: 6 * 60 * 60,
    async handler(_payload, { db, logger: log, send, signal }) {
      if (!token) {
        log.warn('the Lens re-index is disabled: LENS_API_TOKEN is not set');
        return;
      }
      const firstSince = isoDay(new Date(Date.now() - FIRST_REINDEX_DAYS * 24 * 60 * 60 * 1000));
      const client = new LensApiClient({
        url: apiUrl,
        token,
        onWait: (ms, reason) => log.info({ waitMs: ms, reason }, 'Lens API: waiting'),
      });
      const result = await fetchFromLens({
        db,
        client,
        query: reindexQuery ?? '',
        firstSince,
        // AI text is written by the enrichment job, whose model calls may be slow or limited.
        summarizer: null,
        signal,
        onSkipped: ({ position, reason }) => log.warn({ position, reason }, 'Lens record skipped'),
      });
      log.info(
        { since: result.since, ...result.counts, interrupted: result.interrupted },
        'Lens re-index run',
      );
      if (result.counts.inserted + result.counts.updated > 0) await send(ENRICH_JOB, {});
    },
  };

  const meaning: IndexerJob = {
    name: MEANING_JOB,
    schedule: MEANING_SCHEDULE,
    expireInSeconds: 60 * 60,
    async handler(_payload, { db, logger: log, signal }) {
      try {
        const result = await updateMeaning(db, { signal, embedder });
        if (result.kind !== 'current') log.info(result, 'meaning of the corpus updated');
      } catch (error) {
        // A stopping server ends the build between pages; the next start's run does it again.
        if (!(error instanceof MeaningBuildStopped || error instanceof ClassWordsStopped)) throw error;
      }
    },
  };

  return [enrich, reindex, meaning];
}
