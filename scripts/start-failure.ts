import { ConfigError } from '@patentscout/server/config';
import { PortInUseError } from '@patentscout/server/shared/ports';
import { StartFailure } from '@patentscout/server/supervisor/start-failure';
import { DataDirInUseError } from '@patentscout/server/supervisor/run-file';
import { PRODUCT_NAME } from '@patentscout/schema';

/** Failures whose message already says what happened and what to do: no stack trace. */
const SAID_IN_FULL = [ConfigError, PortInUseError, StartFailure, DataDirInUseError];

/**
 * Ends a start that failed, for `npm start` and the production bundle alike: a setting, a port in
 * use, a part that did not come up or a data folder in use is said in a few lines that name the
 * part, the cause, what to do and the log; anything else with its stack.
 */
export function exitOnStartFailure(error: unknown): never {
  if (SAID_IN_FULL.some((kind) => error instanceof kind)) {
    process.stderr.write(`${PRODUCT_NAME} did not start. ${(error as Error).message}\n`);
  } else {
    process.stderr.write(
      `${PRODUCT_NAME} could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n` +
        "The embedded parts' logs are in the data folder's logs/ (DATA_DIR, .data by default).\n",
    );
  }
  process.exit(1);
}
