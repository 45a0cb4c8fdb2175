import { createLogger } from '@patentscout/platform';
import { EXIT, reportFailure } from '@patentscout/platform';
import { parseCommand, USAGE } from './cli/arguments.js';
import { runCommand } from './cli/commands.js';
import { CliError, useEmbeddedDatabase } from './cli/database.js';
import type { EmbeddedPostgresModule, IndexerSettings } from './settings.js';

/** What the caller (scripts/index.ts) hands the command line: settings it loaded, and the supervisor's embedded Postgres. */
export interface IndexerCliOptions {
  loadSettings: () => IndexerSettings;
  /** A settings failure the user can act on (reported as its message alone). */
  isSettingsError: (error: unknown) => boolean;
  loadEmbeddedPostgres: () => Promise<EmbeddedPostgresModule>;
}

/** `npm run index -- <command>`: runs one command and returns the process's exit code. */
export async function runIndexerCli(argv: string[], options: IndexerCliOptions): Promise<number> {
  try {
    const config = options.loadSettings();
    const command = parseCommand(argv, {
      databaseUrl: config.database.mode === 'external' ? config.database.url : undefined,
    });
    if (command.name === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.done;
    }
    // The first Ctrl-C lets the batches under way commit (a re-run then resumes from whole
    // batches); a second one stops at once, which is safe too: an open batch rolls back.
    const interruption = new AbortController();
    process.once('SIGINT', () => {
      process.stderr.write(
        '\nInterrupted: finishing the batches under way (Ctrl-C again to stop at once)...\n',
      );
      interruption.abort();
      process.once('SIGINT', () => process.exit(EXIT.interrupted));
    });
    // One log line per model call would bury the progress bar: those show from LOG_LEVEL=debug.
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
    const needsDatabase = !(command.name === 'generate' && command.dryRun);
    const embedded =
      needsDatabase && !command.databaseUrl && config.database.mode === 'embedded'
        ? await useEmbeddedDatabase({
            dataDir: config.database.dataDir,
            port: config.database.port,
            logger,
            say: (line) => process.stderr.write(`${line}\n`),
            loadEmbeddedPostgres: options.loadEmbeddedPostgres,
          })
        : undefined;
    try {
      const { interrupted } = await runCommand(
        embedded ? { ...command, databaseUrl: embedded.url } : command,
        { config, logger, out: process.stdout, err: process.stderr, signal: interruption.signal },
      );
      return interrupted ? EXIT.interrupted : EXIT.done;
    } finally {
      await embedded?.release();
    }
  } catch (error) {
    return reportFailure(error, {
      usage: USAGE,
      isKnown: (known) => known instanceof CliError || options.isSettingsError(known),
    });
  }
}
