import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDemoCorpus } from '@patentscout/indexer/demo-corpus';
import { indexerJobs } from '@patentscout/indexer/jobs';
import { loadConfig } from '@patentscout/server/config';
import { startServer } from '@patentscout/server/main';
import { exitOnStartFailure } from './start-failure.js';
import { createLogger } from '@patentscout/platform';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@patentscout/schema';

/**
 * The production entry, bundled by `npm run build` into `dist/server.js`
 * (`NODE_ENV=production node dist/server.js`): the server in its `ROLE`, the built client beside
 * it in `dist/client`, JSON logs. No client build, no Vite, no embedded parts unless configured.
 */
const distDir = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, config.logFormat);
  const server = await startServer({
    config,
    logger,
    clientDistDir: path.join(distDir, 'client'),
    jobs: indexerJobs(config, logger),
    beforeListen: async (db) => {
      // One loader only: web servers (or the single process) load it, workers never.
      if (config.demoCorpusSize === 0 || config.role === 'worker') return;
      const result = await ensureDemoCorpus({ db, count: config.demoCorpusSize });
      if (result.inserted > 0) logger.info({ patents: result.inserted }, 'demo corpus loaded');
    },
  });
  logger.info(
    {
      version: PRODUCT_VERSION,
      role: config.role,
      url: config.role === 'worker' ? undefined : server.url,
      ops: server.opsUrl,
      database: config.database.mode,
      auth: config.auth.mode,
      mail: config.mail.mode,
      payments: config.billing.mode,
      ai: config.summarizer.mode,
    },
    `${PRODUCT_NAME} started`,
  );
}

main().catch(exitOnStartFailure);
