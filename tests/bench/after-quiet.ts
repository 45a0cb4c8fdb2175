import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchUsers, startBenchServer } from './bench-server.js';
import { search, type SearchKind } from './search-client.js';
import { percentile } from './search-measure.js';
import { ADVANCED_QUERIES, AI_QUERIES, type BenchQuery } from './search-queries.js';

/**
 * `npm run bench:after-quiet [-- --size 1000000 --gap 15 --queries 12]`: how long a search takes
 * when the server has been quiet for a while, as most searches of a product with few users are.
 * Each query is searched by one user (its first run), at once by a second (warm: its counts
 * known, its pages in Postgres's memory), and by a third after `--gap` seconds with no search at
 * all (after a quiet spell). Each run is another user's, so that none is a free replay of the
 * user's own kept set. Prints p50 and p95 of each, the AI and advanced queries alternating (ADR
 * 0135: a Postgres backend maps each page of shared memory it touches, at a cost that this
 * machine's virtualisation makes large, so a search on a new connection is slow).
 */
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    gap: { type: 'string', default: '15' },
    queries: { type: 'string', default: '12' },
    data: { type: 'string', default: '.data' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
const size = Number(values.size);
const gapMs = Number(values.gap) * 1000;
const count = Number(values.queries);
if (!Number.isInteger(size) || size < 1000) throw new Error(`--size: ${values.size} is not a corpus size`);
if (!(gapMs >= 0)) throw new Error(`--gap: ${values.gap} is not a number of seconds`);
if (!Number.isInteger(count) || count < 2)
  throw new Error(`--queries: ${values.queries} is not a count of 2 or more`);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

const queries: Array<[SearchKind, BenchQuery]> = Array.from({ length: count }, (_, index) =>
  index % 2 === 0
    ? ['ai', AI_QUERIES[index % AI_QUERIES.length]!]
    : ['boolean', ADVANCED_QUERIES[index % ADVANCED_QUERIES.length]!],
);
const server = await startBenchServer(size, say, { dataRoot: values.data });
try {
  const tokens = await benchUsers(server, count * 3);
  const times = { first: [] as number[], warm: [] as number[], afterQuiet: [] as number[] };
  say(
    `after-quiet: ${count} queries, a quiet spell of ${values.gap} s before each third run (load ${load()})`,
  );
  for (const [index, [kind, body]] of queries.entries()) {
    const [first, warm, later] = tokens.slice(index * 3, index * 3 + 3) as [string, string, string];
    const run = async (token: string) => (await search(server.baseUrl, token, kind, body)).ms;
    times.first.push(await run(first));
    times.warm.push(await run(warm));
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    times.afterQuiet.push(await run(later));
    say(
      `  ${String(index + 1).padStart(2)}/${count} ${kind.padEnd(7)} first ${times.first.at(-1)!.toFixed(0).padStart(5)} ms, warm ${times.warm.at(-1)!.toFixed(0).padStart(5)} ms, after quiet ${times.afterQuiet.at(-1)!.toFixed(0).padStart(5)} ms  "${body.query.slice(0, 50)}"`,
    );
  }
  const summary = (label: string, list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `${label} p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms`;
  };
  say(
    `after-quiet at ${size.toLocaleString('en')} patents: ${summary('first run', times.first)} | ${summary('warm', times.warm)} | ${summary(`after ${values.gap} s quiet`, times.afterQuiet)} (load ${load()})`,
  );
} finally {
  await server.stop();
}
process.exit(0);
