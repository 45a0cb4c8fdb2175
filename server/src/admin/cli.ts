import { ConfigError, loadConfig } from '../config.js';
import { AdminError, EXIT, parseAdminCommand, runAdminCommand, USAGE, UsageError } from './commands.js';

/**
 * `npm run admin -- analyst-key create|revoke|list` (analysts' API keys) and `billing reconcile`,
 * against the database.
 */
async function main(argv: string[]): Promise<number> {
  try {
    const config = loadConfig();
    const defaultUrl =
      config.database.mode === 'external'
        ? config.database.url
        : `postgres://postgres:patentscout@127.0.0.1:${config.database.port}/patentscout`;
    const command = parseAdminCommand(argv, defaultUrl);
    if (command.name === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.done;
    }
    await runAdminCommand(command, process.stdout);
    return EXIT.done;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`Error: ${error.message}\n\n${USAGE}\n`);
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
