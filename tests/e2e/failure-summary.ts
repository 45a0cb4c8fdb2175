import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MESSAGE_LINES = 12;

/**
 * Repeats each failed test's error, briefly, as the run's last words: CI keeps only the end of
 * the output, where the list reporter prints the attachments' paths rather than the error.
 */
export default class FailureSummaryReporter implements Reporter {
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (test.outcome() !== 'unexpected') return;
    const where = `${relative(process.cwd(), test.location.file)}:${test.location.line}`;
    const message = stripVTControlCharacters(result.error?.message ?? `ended ${result.status}`)
      .split('\n')
      .slice(0, MESSAGE_LINES)
      .map((line) => `    ${line}`)
      .join('\n');
    this.failures.push(
      `  ${test.title} (${where}, after ${(result.duration / 1000).toFixed(1)} s)\n${message}`,
    );
  }

  onEnd(result: FullResult): void {
    if (this.failures.length === 0) return;
    process.stdout.write(
      `\nFailed end-to-end tests (run ${result.status}):\n${this.failures.join('\n\n')}\n`,
    );
  }
}
