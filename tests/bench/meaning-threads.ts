import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench:meaning-threads -- --size 20000 --seconds 10`: whether similar patents hold up
 * everyone else (issue 58, item 4). Over the demo corpus's size, `/healthz` is sampled alone, then
 * while `--parallel` clients ask for similar patents without a pause; it prints the /healthz
 * p50/p95 of both and the similar patents' p50/p95.
 */
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    data: { type: 'string', default: '.data' },
    seconds: { type: 'string', default: '10' },
    parallel: { type: 'string', default: '8' },
  },
});
const size = Number(values.size);
const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * The clients, in a thread of their own: in the server's thread, their own parsing would be
 * counted as the server's delay. Plain JavaScript, so that the worker needs no TypeScript loader.
 */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, lensIds, seconds, parallel } = workerData;
const timed = async (url) => {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(url + ' answered ' + response.status);
  return performance.now() - started;
};
const sampleHealth = async (until) => {
  const ms = [];
  while (performance.now() < until) {
    ms.push(await timed(baseUrl + '/healthz'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return ms;
};
(async () => {
  const alone = await sampleHealth(performance.now() + seconds * 1000);
  parentPort.postMessage({ phase: 'loaded' });
  const until = performance.now() + seconds * 1000;
  const similar = [];
  let next = 0;
  const client = async () => {
    while (performance.now() < until) {
      const lensId = lensIds[next++ % lensIds.length];
      similar.push(await timed(baseUrl + '/api/v1/patents/' + lensId + '/similar?first=10'));
    }
  };
  const [loaded] = await Promise.all([
    sampleHealth(until),
    ...Array.from({ length: parallel }, client),
  ]);
  parentPort.postMessage({ phase: 'done' });
  parentPort.postMessage({ alone, loaded, similar });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

type Figures = { alone: number[]; loaded: number[]; similar: number[] } | { error: string };
type ClientMessage = Figures | { phase: 'loaded' | 'done' };

/**
 * The CPU time this process's main thread (the server's) has used, in ms (Linux: its task's
 * utime + stime, in clock ticks of 10 ms): what other processes on a busy machine do not change.
 */
function serverThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
};
const line = (label: string, values: number[]) =>
  `  ${label.padEnd(34)} p50 ${percentile(values, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(
    values,
    0.95,
  )
    .toFixed(1)
    .padStart(7)} ms   (${values.length} requests)`;

const server = await startBenchServer(size, say, { dataDir: `${values.data}/bench-search-${size}` });
try {
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  const { rows } = await pool.query<{ lens_id: string }>(
    'SELECT lens_id FROM patent_search ORDER BY md5(lens_id) LIMIT 400',
  );
  await pool.end();
  const lensIds = rows.map((row) => row.lens_id);
  // Once each unmeasured: the vectors into memory, the pages into Postgres's cache.
  for (const lensId of lensIds.slice(0, 50))
    await (await fetch(`${server.baseUrl}/api/v1/patents/${lensId}/similar?first=10`)).arrayBuffer();
  // The server's thread is this one: how busy it was, and how long its event loop was held up,
  // over both phases (less swayed by other processes on the machine than /healthz).
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const busyBefore = performance.eventLoopUtilization();
  let cpuAtLoad = 0;
  let cpuUnderLoad = 0;
  const figures = await new Promise<Figures>((resolve, reject) => {
    const clients = new Worker(CLIENTS, {
      eval: true,
      workerData: {
        baseUrl: server.baseUrl,
        lensIds,
        seconds: Number(values.seconds),
        parallel: Number(values.parallel),
      },
    });
    clients.on('message', (message: ClientMessage) => {
      if ('phase' in message) {
        if (message.phase === 'loaded') cpuAtLoad = serverThreadCpuMs();
        else cpuUnderLoad = serverThreadCpuMs() - cpuAtLoad;
        return;
      }
      void clients.terminate().then(() => resolve(message));
    });
    clients.once('error', reject);
  });
  delay.disable();
  const busy = performance.eventLoopUtilization(busyBefore);
  if ('error' in figures) throw new Error(figures.error);
  say(
    `similar patents over ${size} patents, ${values.parallel} clients at once, ${values.seconds} s each phase:`,
  );
  say(line('/healthz alone', figures.alone));
  say(line(`/healthz under ${values.parallel} similar at once`, figures.loaded));
  say(line('similar patents', figures.similar));
  say(
    `  server thread's CPU per similar patents request: ${(cpuUnderLoad / figures.similar.length).toFixed(2)} ms (${cpuUnderLoad} ms under load)`,
  );
  say(
    `  server thread: busy ${(busy.utilization * 100).toFixed(0)} % of both phases; event loop delay p99 ${(
      delay.percentile(99) / 1e6
    ).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
  );
} finally {
  await server.stop();
}
