import { openAiEmbedder, type Db } from '@patentscout/db';
import { type Logger } from '@patentscout/platform';
import { configuredSummarizer } from '../enrich/configured-summarizer.js';
import { enrichPendingPatents } from '../enrich/enrich-pending.js';
import { buildMeaning } from '../meaning/build-meaning.js';
import { OfflineSummarizer } from '../enrich/offline-summarizer.js';
import { startBulkLoad } from '../load/bulk-load.js';
import type { PositionedRow, WriteOutcome } from '../load/patent-writer.js';
import { fetchFromLens, NoStartDateError } from '../lens-fetch.js';
import {
  generatedItems,
  indexSource,
  type IndexProgress,
  type IndexResult,
  type IndexSourceOptions,
} from '../pipeline.js';
import { generatePatents } from '../sources/generator.js';
import { LensApiClient } from '../sources/lens-api.js';
import { LensFileError, readLensFiles, resolveImportPaths } from '../sources/lens-file.js';
import type { Command } from './arguments.js';
import { CliError, openDatabase } from './database.js';
import { ProgressBar } from './progress-bar.js';
import { SkippedReport, summaryText } from './report.js';
import type { IndexerSettings } from '../settings.js';

export interface CliContext {
  config: IndexerSettings;
  logger: Logger;
  out: NodeJS.WriteStream;
  err: NodeJS.WriteStream;
  signal: AbortSignal;
}

type LoadCommand = Extract<Command, { name: 'generate' | 'import' | 'fetch' }>;

/** A dry run writes nothing; it counts the AI text it made. */
const nothingWritten = async (rows: PositionedRow[]): Promise<WriteOutcome> => ({
  inserted: 0,
  updated: 0,
  unchanged: 0,
  enriched: rows.filter((entry) => entry.row.ai_generated_at).length,
  skipped: [],
});

/** Progress, skipped-record reports and the summary shared by every loading command. */
async function load(
  command: LoadCommand,
  context: CliContext,
  heading: string,
  run: (
    hooks: Pick<IndexSourceOptions, 'onProgress' | 'onSkipped' | 'onEnrichFailed' | 'signal'>,
    log: (message: string) => void,
  ) => Promise<IndexResult>,
): Promise<{ interrupted: boolean }> {
  const bar = new ProgressBar(context.err, heading);
  const report = new SkippedReport(bar, command.reportFile);
  const state = (progress: IndexProgress) => ({
    done: progress.counts.read,
    elapsedMs: progress.elapsedMs,
    total: progress.total,
    fraction: progress.fraction,
    detail:
      progress.counts.skipped > 0 ? `${progress.counts.skipped.toLocaleString('en-US')} skipped` : undefined,
  });
  let result: IndexResult;
  try {
    result = await run(
      {
        signal: context.signal,
        onProgress: (progress) => bar.update(state(progress)),
        onSkipped: (skipped) => report.add(skipped),
        onEnrichFailed: (lensId, error) =>
          bar.log(`no AI text for ${lensId}: ${error instanceof Error ? error.message : String(error)}`),
      },
      (message) => bar.log(message),
    );
  } catch (error) {
    bar.stop();
    throw error;
  } finally {
    await report.close();
  }
  bar.finish(state({ counts: result.counts, elapsedMs: result.elapsedMs }));
  const dryRun = command.name === 'generate' && command.dryRun;
  context.out.write(
    `${summaryText(heading, result.counts, result.elapsedMs, { interrupted: result.interrupted, dryRun })}\n`,
  );
  return { interrupted: result.interrupted };
}

async function withDatabase<T>(
  databaseUrl: string | undefined,
  use: (db: Db | undefined) => Promise<T>,
): Promise<T> {
  const db = databaseUrl ? await openDatabase(databaseUrl) : undefined;
  try {
    return await use(db);
  } finally {
    await db?.destroy();
  }
}

/**
 * Runs a loading command over a bulk load (search rows built beside the load and indexed at its
 * end, also after an interruption or a failure), or over nothing at all in a dry run.
 */
async function withBulkLoad(
  db: Db | undefined,
  context: CliContext,
  loading: (write: IndexSourceOptions['write']) => Promise<{ interrupted: boolean }>,
): Promise<{ interrupted: boolean }> {
  if (!db) return loading(nothingWritten);
  const bulk = await startBulkLoad(db);
  let result: { interrupted: boolean };
  try {
    result = await loading((rows) => bulk.write(rows));
  } catch (error) {
    // What was written still gets its search rows; the load's own failure is what gets reported.
    await bulk.finish().catch(() => undefined);
    throw error;
  }
  const build = await bulk.finish();
  if (build.built > 0) {
    context.out.write(
      `  search index: ${build.built.toLocaleString('en-US')} patents added in ${(build.elapsedMs / 1000).toFixed(1)} s\n`,
    );
  }
  return result;
}

export async function runCommand(
  command: Exclude<Command, { name: 'help' }>,
  context: CliContext,
): Promise<{ interrupted: boolean }> {
  const inlineSummarizer = command.enrich ? new OfflineSummarizer() : null;
  switch (command.name) {
    case 'generate':
      return withDatabase(command.databaseUrl, (db) =>
        withBulkLoad(db, context, (write) =>
          load(command, context, command.dryRun ? 'Generated (dry run)' : 'Generated and loaded', (hooks) =>
            indexSource({
              items: generatedItems(generatePatents({ count: command.count, seed: command.seed })),
              total: command.count,
              summarizer: inlineSummarizer,
              write,
              writeConcurrency: 2,
              ...hooks,
            }),
          ),
        ),
      );
    case 'import': {
      const { files, ignored } = await resolveImportPaths(command.paths).catch((error: unknown) => {
        throw error instanceof LensFileError ? new CliError(error.message) : error;
      });
      for (const file of ignored)
        context.err.write(`ignored ${file}: not a Lens response, a JSON array or JSON Lines\n`);
      return withDatabase(command.databaseUrl, (db) =>
        withBulkLoad(db, context, (write) =>
          load(
            command,
            context,
            `Imported ${files.length} file${files.length === 1 ? '' : 's'}`,
            async (hooks) => {
              const source = readLensFiles(files);
              try {
                return await indexSource({
                  items: source.items,
                  sourceProgress: source.progress,
                  summarizer: inlineSummarizer,
                  write,
                  writeConcurrency: 2,
                  ...hooks,
                });
              } catch (error) {
                throw error instanceof LensFileError ? new CliError(error.message) : error;
              }
            },
          ),
        ),
      );
    }
    case 'fetch': {
      const { token, apiUrl } = context.config.lens;
      if (!token)
        throw new CliError('LENS_API_TOKEN is not set: the Lens API needs an access token (see README).');
      return withDatabase(command.databaseUrl, (db) =>
        load(command, context, 'Fetched from the Lens API', async (hooks, log) => {
          const client = new LensApiClient({
            url: apiUrl,
            token,
            onWait: (ms, reason) => log(`waiting ${Math.ceil(ms / 1000)} s: ${reason}`),
          });
          try {
            return await fetchFromLens({
              db: db!,
              client,
              query: command.query,
              since: command.since,
              until: command.until,
              summarizer: inlineSummarizer,
              ...hooks,
            });
          } catch (error) {
            throw error instanceof NoStartDateError ? new CliError(error.message) : error;
          }
        }),
      );
    }
    case 'reindex':
      return withDatabase(command.databaseUrl, async (db) => {
        const started = performance.now();
        const built = await buildMeaning(
          db!,
          (progress) =>
            context.err.write(
              `  ${progress.phase}: ${progress.done.toLocaleString('en-US')}${progress.total ? ` of ${progress.total.toLocaleString('en-US')}` : ''}\n`,
            ),
          context.signal,
          context.config.embeddings ? openAiEmbedder(context.config.embeddings) : undefined,
        );
        context.out.write(
          `Derived the meaning of ${built.patents.toLocaleString('en-US')} patents (${built.words.toLocaleString('en-US')} words, ${built.learnedWords.toLocaleString('en-US')} learned from the corpus; ${built.cells > 0 ? `${built.cells.toLocaleString('en-US')} cells` : 'no cells'}) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
        );
        return { interrupted: false };
      });
    case 'enrich':
      return withDatabase(command.databaseUrl, async (db) => {
        const bar = new ProgressBar(context.err, 'Enriching', 'patents');
        const result = await enrichPendingPatents({
          db: db!,
          summarizer: configuredSummarizer(context.config.summarizer, context.logger),
          limit: command.limit,
          signal: context.signal,
          onProgress: ({ done, total, elapsedMs, enriched }) =>
            bar.update({
              done,
              total,
              elapsedMs,
              detail: done > enriched ? `${(done - enriched).toLocaleString('en-US')} failed` : undefined,
            }),
          onEnrichFailed: (lensId, error) =>
            bar.log(`no AI text for ${lensId}: ${error instanceof Error ? error.message : String(error)}`),
        }).catch((error: unknown) => {
          bar.stop();
          throw error;
        });
        const counts = {
          read: result.enriched + result.failed,
          inserted: 0,
          updated: 0,
          unchanged: 0,
          skipped: result.failed,
          enriched: result.enriched,
        };
        bar.finish({ done: counts.read, elapsedMs: result.elapsedMs });
        context.out.write(
          `${summaryText('Enriched', counts, result.elapsedMs, { interrupted: result.interrupted })}\n`,
        );
        context.out.write(
          `  ${result.remaining.toLocaleString('en-US')} patents are still without AI text.\n`,
        );
        return { interrupted: result.interrupted };
      });
  }
}
