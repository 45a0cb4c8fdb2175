import { reportFailure } from '@patentscout/platform';
import { ConfigError, loadConfig } from '../config.js';
import { embeddedDatabaseUrl } from '../supervisor/embedded.js';
import { AdminError, EXIT, parseAdminCommand, runAdminCommand, USAGE } from './commands.js';
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
    const showUsage = () => process.stdout.write(`${usage}\n`);
    if (isDb) {
      if (argv.includes('--help')) showUsage();
      else
        await runDbCommand(
          parseDbCommand(argv, { databaseUrl: defaultUrl, replicaUrls: config.readReplicas.urls }),
          process.stdout,
        );
    } else {
      const command = parseAdminCommand(argv, defaultUrl);
      if (command.name === 'help') showUsage();
      else await runAdminCommand(command, process.stdout);
    }
    return EXIT.done;
  } catch (error) {
    return reportFailure(error, {
      usage,
      isKnown: (known) => known instanceof AdminError || known instanceof ConfigError,
    });
  }
}

process.exitCode = await main(process.argv.slice(2));
