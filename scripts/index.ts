import { ConfigError, loadConfig } from '@patentscout/server/config';
import { runIndexerCli } from '@patentscout/indexer/cli';

/**
 * `npm run index -- <command>`: the indexer's command line, given the server's settings (the one
 * reader of the environment) and the supervisor's embedded Postgres. The indexer imports neither.
 */
process.exitCode = await runIndexerCli(process.argv.slice(2), {
  loadSettings: () => loadConfig(),
  isSettingsError: (error) => error instanceof ConfigError,
  loadEmbeddedPostgres: () => import('@patentscout/server/supervisor/embedded'),
});
