import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/**
 * The benchmarks run outside Vitest (`npm run bench:*`): their shared modules must load without
 * it. A testing helper that reads Vitest's injected state, imported by one of them, broke every
 * benchmark that starts the product once.
 */
describe('the benchmarks’ shared modules', () => {
  it('load outside Vitest', async () => {
    const modules = ['bench-server', 'bench-corpus', 'search-client', 'result-map-server'];
    const script = [
      ...modules.map((name) => `await import('./tests/bench/${name}.ts');`),
      "await import('@patentscout/server/testing/internals');",
    ].join('\n');
    const { stderr } = await run('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
      timeout: 120_000,
    });
    expect(stderr).not.toContain('Error');
  }, 150_000);
});
