import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMapRunner } from '@patentscout/server/testing/internals';
import { parseArgs } from 'node:util';
import { benchMapThroughServer } from './result-map-server.js';

/**
 * `npm run bench:result-map [-- --rounds 10] [--size 20000 --data .data]`: how long the first drawing of a 500-family map takes in its worker
 * thread (UMAP, regions, their words) and how long the request thread is held meanwhile (its
 * event loop's worst delay). 500 families of 100 signed bytes in eight topics with noise, each
 * round a fresh answer (another seed). A kept map is read back, not drawn again (ADR 0179).
 * Goal (issue 57): a map of 500 families answers within 1 s at p95.
 * With `--size`, the same through the product over a corpus of that size (result-map-server.ts).
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    size: { type: 'string' },
    data: { type: 'string', default: '.data' },
  },
});
const rounds = Number(values.rounds);
if (values.size) {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  await benchMapThroughServer({ size: Number(values.size), rounds, dataRoot: values.data, say });
  process.exit(0);
}

function answer(round: number) {
  return Array.from({ length: 500 }, (_, index) => {
    const topic = (index * 7 + round) % 8;
    const vector = new Int8Array(100);
    for (let dimension = 0; dimension < 100; dimension += 1)
      vector[dimension] = Math.round(
        (dimension % 8 === topic ? 50 : 0) + 40 * Math.sin(index * 13.1 + dimension * 3.7 + round),
      );
    return { lensId: `R${round}-${index}`, vector, text: `topic${topic} part${index % 5} device` };
  });
}

const runner = createMapRunner();
// The worker's start (and, from the sources, tsx's) is paid once per server, not per map.
await runner.layout(answer(-1).slice(0, 20), 'warm up');
const times: number[] = [];
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
for (let round = 0; round < rounds; round += 1) {
  const started = performance.now();
  const layout = await runner.layout(answer(round), 'device');
  times.push(performance.now() - started);
  console.log(`round ${round + 1}: ${times.at(-1)!.toFixed(0)} ms, ${layout.regions.length} regions`);
}
delay.disable();
await runner.close();
const sorted = [...times].sort((a, b) => a - b);
const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
console.log(
  `500 families, ${rounds} rounds: median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms; ` +
    `request thread's worst event-loop delay ${(delay.max / 1e6).toFixed(1)} ms`,
);
