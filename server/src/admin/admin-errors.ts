export { EXIT, UsageError } from '@patentscout/platform';

/** A failure the admin can act on, reported as one clear line and exit code 1. */
export class AdminError extends Error {}
