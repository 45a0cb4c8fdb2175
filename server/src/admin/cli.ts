import { ConfigError, loadConfig } from '../config.js';
import { embeddedDatabaseUrl } from '../supervisor/embedded.js';
import { AdminError, EXIT, parseAdminCommand, runAdminCommand, USAGE, UsageError } from './commands.js';
import { DB_USAGE, parseDbCommand, runDbCommand } from './db-command.js';

/**
 * `npm run admin -- analyst-key create|revoke|list` (analysts' API keys) and `billing reconcile`,
 * against the database; `npm run admin -- db status|promote|distribution`: the primary, its
 * standbys, and failover.
 */
async function main(argv: string[]): Promise<number> {
  const isDb = argv[0] === 'db';
  const usage = isDb ? DB_USAGE : `${USAGE}\n\n${DB_USAGE}`;
  try {
    const config = loadConfig();
    const defaultUrl =
      config.database.mode === 'external' ? config.database.url : embeddedDatabaseUrl(config.database.port);
    if (isDb) {
      if (argv.includes('--help')) {
        process.stdout.write(`${DB_USAGE}\n`);
        return EXIT.done;
      }
      const command = parseDbCommand(argv, {
        databaseUrl: defaultUrl,
        replicaUrls: config.readReplicas.urls,
      });
      await runDbCommand(command, process.stdout);
      return EXIT.done;
    }
    const command = parseAdminCommand(argv, defaultUrl);
    if (command.name === 'help') {
      process.stdout.write(`${usage}\n`);
      return EXIT.done;
    }
    await runAdminCommand(command, process.stdout);
    return EXIT.done;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`Error: ${error.message}\n\n${usage}\n`);
      return EXIT.usage;
    }
    const known = error instanceof AdminError || error instanceof ConfigError;
    const message =
      error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
    process.stderr.write(`\nError: ${message}\n`);
    return EXIT.failed;
  }
}

process.exitCode = await main(process.argv.slice(2));
