import { ConfigError } from '@patentscout/server/config';
import { PortInUseError } from '@patentscout/server/shared/ports';
import { PRODUCT_NAME } from '@patentscout/schema';

/**
 * Ends a start that failed, for `npm start` and the production bundle alike: a setting or a port
 * in use is said in one line (its message names it), anything else with its stack.
 */
export function exitOnStartFailure(error: unknown): never {
  if (error instanceof ConfigError || error instanceof PortInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `${PRODUCT_NAME} could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
}
