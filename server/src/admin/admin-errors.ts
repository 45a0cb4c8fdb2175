export { EXIT, UsageError } from '@patentscout/schema/command-line';

/** A failure the admin can act on, reported as one clear line and exit code 1. */
export class AdminError extends Error {}
