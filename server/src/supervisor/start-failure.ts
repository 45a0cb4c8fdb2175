import path from 'node:path';

/**
 * A part that could not start, said so that a person can act on it: which part, what happened,
 * what to do about it, and where its log is.
 */
export class StartFailure extends Error {
  constructor(
    readonly part: string,
    readonly problem: string,
    readonly advice: string,
    readonly logFile?: string,
  ) {
    super(
      [
        `${part} could not start: ${problem}`,
        `  what to do: ${advice}`,
        logFile ? `  its log:    ${path.relative(process.cwd(), logFile) || logFile}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    this.name = 'StartFailure';
  }
}
