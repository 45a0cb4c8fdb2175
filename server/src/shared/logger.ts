/** The logger is the platform's (the indexer and scripts log through it too); the server's files import it here. */
export { createLogger, type Logger } from '@patentscout/platform';
