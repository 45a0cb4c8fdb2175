/** The logger is the data package's (the indexer logs through it too); the server's files import it here. */
export { createLogger, type Logger } from '@patentscout/db';
