import path from 'node:path';
import type { Logger } from '../shared/logger.js';
import { startEmbeddedPostgres } from './embedded.js';
import { startEmbeddedStandby, type EmbeddedStandby } from './embedded-standby.js';

export interface EmbeddedCluster {
  /** The primary's URL (`DATABASE_URL` of the processes that use it). */
  url: string;
  standbys: EmbeddedStandby[];
  /** Stops the standbys, then the primary. */
  stop(): Promise<void>;
}

/** A standby's name on its primary: `application_name`, and its place in `synchronous_standby_names`. */
export const standbyName = (number: number) => `patentscout_replica_${number}`;

/**
 * The embedded primary and `replicas` streaming standbys of it (`EMBEDDED_REPLICAS`, `npm run
 * dev:replica`): standby n listens on the primary's port + n and keeps its data beside the
 * primary's, in `replica-n`.
 */
export async function startEmbeddedCluster(options: {
  port: number;
  dataDir: string;
  replicas: number;
  database: string;
  logger: Logger;
}): Promise<EmbeddedCluster> {
  const { port, dataDir, replicas, database, logger } = options;
  const names = Array.from({ length: replicas }, (_, index) => standbyName(index + 1));
  const primary = await startEmbeddedPostgres({ dataDir, port, database, logger, standbys: names });
  const standbys: EmbeddedStandby[] = [];
  const stop = async () => {
    for (const standby of [...standbys].reverse()) await standby.stop();
    await primary.stop();
  };
  try {
    for (const [index, name] of names.entries()) {
      standbys.push(
        await startEmbeddedStandby({
          primary: { port, dataDir },
          name,
          port: port + index + 1,
          dataDir: path.join(path.dirname(dataDir), `replica-${index + 1}`),
          database,
          logger,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: primary.url, standbys, stop };
}
