import { describe, expect, it } from 'vitest';
import { busyLoops, readyz, startStack, wipeDataDir } from './local-stack.js';

const COPY = 3;

describe('npm start on a machine with no core to spare', () => {
  it('starts (slower) and says why it waits', async () => {
    await wipeDataDir(COPY);
    // A busy loop on every core for the whole start.
    const loops = busyLoops();
    try {
      const stack = startStack(COPY, { DEMO_CORPUS_SIZE: '1000' });
      await stack.ready;
      expect(stack.output()).toMatch(
        /Waiting for .+, \d+ s\.\.\. \(the machine is busy: its \d+ cores were \d+ % in use, load [\d.]+\)/,
      );
      expect((await readyz(stack)).status).toBe(200);
      await stack.stop();
    } finally {
      loops.kill('SIGKILL');
    }
  });
});
