/** Exit codes, as the indexer's: 0 done, 1 failed, 2 bad command line. */
export const EXIT = { done: 0, failed: 1, usage: 2 } as const;

/** A mistake in the command line: reported with the usage text and exit code 2. */
export class UsageError extends Error {}

/** A failure the admin can act on, reported as one clear line and exit code 1. */
export class AdminError extends Error {}
