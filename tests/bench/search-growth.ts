import { parseArgs } from 'node:util';
import { benchUsers, startBenchServer } from './bench-server.js';
import { search, type SearchKind } from './search-client.js';
import { ADVANCED_QUERIES, AI_QUERIES } from './search-queries.js';

/**
 * `npm run bench:search-growth [-- --sizes 1000000,3000000 --runs 3 --data .data]`: how each
 * query's time grows from one corpus size to the next (the `bench:search` corpora, which must
 * be loaded): per size, every AI and advanced query once to warm up (its counts made), then
 * `--runs` times more, one at a time, each pass as a user of its own (a same-day repeat would
 * replay a kept answer); the median of each query's runs, and the queries that grow the most
 * from the first size to the last, worst first, to name the classes that grow faster than the
 * corpus's share of their cost.
 */
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000000,3000000' },
    runs: { type: 'string', default: '3' },
    data: { type: 'string', default: '.data' },
    top: { type: 'string', default: '12' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const kinds: Array<[SearchKind, typeof AI_QUERIES]> = [
  ['ai', AI_QUERIES],
  ['boolean', ADVANCED_QUERIES],
];

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
/** Per size, per "kind query": the median ms. */
const medians = new Map<number, Map<string, number>>();

for (const size of sizes) {
  say(`=== ${size.toLocaleString('en-US')} patents`);
  const server = await startBenchServer(size, say, { dataRoot: values.data });
  try {
    const tokens = await benchUsers(server, runs + 1);
    const times = new Map<string, number[]>();
    for (const [pass, token] of tokens.entries()) {
      for (const [kind, queries] of kinds) {
        for (const body of queries) {
          const { ms } = await search(server.baseUrl, token, kind, body);
          if (pass === 0) continue;
          const { query, ...filters } = body;
          const key = `${kind === 'ai' ? 'AI ' : 'adv'} ${query}${Object.keys(filters).length > 0 ? ` ${JSON.stringify(filters)}` : ''}`;
          times.set(key, [...(times.get(key) ?? []), ms]);
        }
      }
      say(`  pass ${pass + 1} of ${tokens.length}${pass === 0 ? ' (warm-up)' : ''} done`);
    }
    medians.set(size, new Map([...times].map(([key, ms]) => [key, median(ms)])));
  } finally {
    await server.stop();
  }
}

const first = medians.get(sizes[0]!)!;
const last = medians.get(sizes.at(-1)!)!;
const rows = [...first.keys()]
  .map((key) => ({ key, from: first.get(key)!, to: last.get(key)! }))
  .sort((a, b) => b.to / b.from - a.to / a.from);
say(
  `\nmedian ms a query, ${sizes.map((size) => size.toLocaleString('en-US')).join(' -> ')} patents, the largest growth first:`,
);
for (const row of rows.slice(0, Number(values.top))) {
  say(
    `  x${(row.to / row.from).toFixed(2).padEnd(5)} ${row.from.toFixed(1).padStart(7)} -> ${row.to.toFixed(1).padStart(7)} ms  ${row.key.slice(0, 120)}`,
  );
}
for (const [label, prefix] of [
  ['AI', 'AI '],
  ['advanced', 'adv'],
] as const) {
  const own = rows.filter((row) => row.key.startsWith(prefix));
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    own.reduce((total, row) => total + pick(row), 0);
  say(
    `  ${label}: the sum of the medians x${(sum((row) => row.to) / sum((row) => row.from)).toFixed(2)}; median growth x${median(own.map((row) => row.to / row.from)).toFixed(2)}`,
  );
}
process.exit(0);
