import { describe, expect, it } from 'vitest';
import { busyLoops, readyz, startStack, wipeDataDir, type LocalStack } from './local-stack.js';

const COPY = 3;
/**
 * Busy loops for each core: with one, a fast machine started every part within the 10 s after
 * which a wait says so, and the test had nothing to read.
 */
const LOOPS_PER_CORE = 2;

describe('npm start on a machine with no core to spare', () => {
  it('starts (slower) and says why it waits', async () => {
    await wipeDataDir(COPY);
    // Busy loops on every core for the whole start.
    const loops = busyLoops(LOOPS_PER_CORE);
    let stack: LocalStack | undefined;
    try {
      stack = startStack(COPY, { DEMO_CORPUS_SIZE: '1000' });
      await stack.ready;
      expect(stack.output()).toMatch(
        /Waiting for .+, \d+ s\.\.\. \(the machine is busy: its \d+ cores were \d+ % in use, load [\d.]+\)/,
      );
      expect((await readyz(stack)).status).toBe(200);
    } finally {
      loops.kill();
      await stack?.stop();
    }
  });
});
