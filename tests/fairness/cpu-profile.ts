import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of this process (the server's, in the benchmarks) over a stretch: `start()`
 * begins sampling, the function it answers stops and writes `path` (open it in Chrome's DevTools
 * or summarise it with `summariseProfile`).
 */
export async function startCpuProfile(path: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await writeFile(path, JSON.stringify(profile));
  };
}
