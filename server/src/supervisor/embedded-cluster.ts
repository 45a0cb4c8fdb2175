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
 * Where embedded standby n (from 1) of a primary lives: on the primary's port + n, with its data
 * beside the primary's, in `replica-n`.
 */
export function standbyPlacement(primary: { port: number; dataDir: string }, number: number) {
  return {
    name: standbyName(number),
    port: primary.port + number,
    dataDir: path.join(path.dirname(primary.dataDir), `replica-${number}`),
  };
}

/**
 * The embedded primary and `replicas` streaming standbys of it, started once and watched by no
 * one: for the benchmark and the tests that crash a primary on purpose. `npm start` runs the
 * same servers under its supervisor (`embedded-parts.ts`).
 */
export async function startEmbeddedCluster(options: {
  port: number;
  dataDir: string;
  replicas: number;
  database: string;
  logger: Logger;
}): Promise<EmbeddedCluster> {
  const { port, dataDir, replicas, database, logger } = options;
  const placements = Array.from({ length: replicas }, (_, index) =>
    standbyPlacement({ port, dataDir }, index + 1),
  );
  const names = placements.map((placement) => placement.name);
  const primary = await startEmbeddedPostgres({ dataDir, port, database, logger, standbys: names });
  const standbys: EmbeddedStandby[] = [];
  const stop = async () => {
    for (const standby of [...standbys].reverse()) await standby.stop();
    await primary.stop();
  };
  try {
    for (const placement of placements) {
      standbys.push(
        await startEmbeddedStandby({ ...placement, primary: { port, dataDir }, database, logger }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: primary.url, standbys, stop };
}
