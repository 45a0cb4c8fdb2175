import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The server warms the map's thread once it listens (issue 57: the first map after a start must
 * not wait a second or two for it). A warmed thread that kept the process alive would hang every
 * stop, so both are checked in a process of their own: it must draw a map, then exit by itself.
 */
describe('the map runner', () => {
  it('warms its thread without holding the process open, and draws with it', async () => {
    const script = `
      import { createMapRunner } from './src/features/maps/map-runner.ts';
      const runner = createMapRunner();
      runner.warm();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const families = Array.from({ length: 40 }, (_, index) => ({
        lensId: 'P' + index,
        vector: Int8Array.from({ length: 16 }, (_, d) => ((index % 4) * 4 === (d & 12) ? 60 : 0) + ((index * 7 + d) % 5)),
        text: 'topic' + (index % 4) + ' device',
      }));
      const layout = await runner.layout(families, 'device');
      console.log(JSON.stringify({ placed: layout.points.length }));
      runner.warm();
    `;
    // A process held open is killed at the timeout, and execFile rejects.
    const { stdout } = await run('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: serverRoot,
      timeout: 60_000,
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ placed: 40 });
  }, 90_000);
});
