/**
 * The platform: what every Node part of the product (server, indexer, scripts) runs on and that
 * knows nothing of patents or the database: the logger, the background job contract and the
 * command-line reader. It imports no package of ours; the browser bundle does not use it.
 */
export { createLogger, type Logger } from './logger.js';
export type { JobContext, JobDefinition } from './jobs.js';
export {
  databaseUrlOption,
  EXIT,
  readCommandLine,
  reportFailure,
  UsageError,
  type CommandLine,
  type CommandLineSpec,
  type ParsedValues,
} from './command-line.js';
