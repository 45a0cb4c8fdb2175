import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openResults, type ResultStore } from './bench-results.js';
import type { CorpusLoad } from './bench-corpus.js';
import { benchUsers, startBenchServer, type BenchServer } from './bench-server.js';
import {
  KINDS,
  knownItems,
  latency,
  throughput,
  totals,
  throughputUsers,
  type Searchers,
  type SpeedFigures,
  type TotalsFigures,
} from './search-measure.js';
import { stoppedSearches, type Transport } from './search-client.js';
import { storageLines, storageReport, type StorageReport } from './storage.js';
import { printSummary, type SizeFigures } from './search-summary.js';

/**
 * `npm run bench:search`: per corpus size, the storage table by table, search latency (p50/p95/p99
 * at concurrency 1, and the first pass apart), throughput at concurrency 8, reported totals
 * against exact ones and a known-item quality figure, through the HTTP API; each search kind
 * through the REST shim and through GraphQL as the browser asks (`--transports`). Then a summary
 * with the growth from one size to the next. Every finished section is kept, so that a run
 * stopped half-way resumes where it was (`--fresh` starts over).
 */
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    transports: { type: 'string', default: 'rest,graphql' },
    sections: { type: 'string', default: 'storage,speed,totals,quality' },
    data: { type: 'string', default: '.data' },
    fresh: { type: 'boolean', default: false },
    /** The server's SEARCH_CONCURRENCY (ADR 0124), to compare settings; the product's default unless given. */
    'search-concurrency': { type: 'string' },
  },
});
const sections = new Set(values.sections.split(','));
const sizes = values.sizes.split(',').map(Number);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const transports = values.transports.split(',') as Transport[];
for (const size of sizes)
  if (!Number.isInteger(size) || size < 1000)
    throw new Error(`--sizes: ${size} is not a corpus size (1000 or more)`);
const say = (line: string) => process.stdout.write(`${line}\n`);
const format = (ms: number) => `${ms.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

const results: ResultStore = openResults(
  path.resolve(values.data, 'bench-search-results.json'),
  { seconds, rounds, transports, searchConcurrency: values['search-concurrency'] ?? 'default' },
  values.fresh,
);

/** A section's figures: kept ones when this run made them already, otherwise measured and kept. */
async function section<T>(
  size: number,
  name: string,
  measure: () => Promise<T>,
  print: (figures: T) => void,
): Promise<T> {
  const kept = results.get<T>(size, name);
  if (kept) {
    say(`  ${name}: kept from ${kept.at} (this run's options and code)`);
    print(kept.figures);
    return kept.figures;
  }
  say(`  ${name}... (load average ${load()})`);
  const figures = await measure();
  print(figures);
  results.put(size, name, figures);
  return figures;
}

const label = (kind: string, transport: Transport) =>
  `${kind === 'ai' ? 'AI search' : 'advanced search'} (${transport === 'rest' ? 'REST' : 'GraphQL'})`;

function printSpeed(speed: Record<string, SpeedFigures>): void {
  for (const [key, figures] of Object.entries(speed)) {
    const [kind, transport] = key.split('/') as [string, Transport];
    say(
      `  ${label(kind, transport).padEnd(26)} p50 ${format(figures.p50)}, p95 ${format(figures.p95)}, p99 ${format(figures.p99)}` +
        ` | concurrency 8: ${figures.perSecond.toFixed(1)} searches/s | first pass: p50 ${format(figures.coldP50)}, p95 ${format(figures.coldP95)}` +
        ` | slowest ${format(figures.slowest.ms)} "${figures.slowest.query}"`,
    );
  }
}

function printTotals(figures: TotalsFigures): void {
  say(
    `  totals: ${figures.queries - figures.estimated} of ${figures.queries} queries answered exact counts; ${figures.estimated} an estimate ("about N")`,
  );
  if (figures.lines.length > 0) {
    say(`    kind        reported      exact   ratio  exact count  query`);
    figures.lines.forEach((line) => say(`    ${line}`));
  }
  say(
    `  totals: worst reported/exact ratio ${figures.worst.ratio.toFixed(3)} ("${figures.worst.query}"); slowest deferred exact count ${format(figures.slowestExact.ms)} ("${figures.slowestExact.query}")`,
  );
}

/** Searchers for every measurement: one per pass over the queries (a repeat would replay a kept set). */
async function searchersFor(server: BenchServer): Promise<() => Searchers> {
  // Enough passes for the rounds, and for throughput at up to 80 searches a second.
  const passes = Math.max(rounds + 1, throughputUsers(seconds, 50));
  const count = passes * KINDS.length * transports.length;
  say(`  making ${count} benchmark users...`);
  const tokens = await benchUsers(server, count);
  let used = 0;
  return () => {
    const start = used;
    used += passes;
    return (pass) => tokens[(start + pass) % tokens.length]!;
  };
}

async function measureSpeed(server: BenchServer): Promise<Record<string, SpeedFigures>> {
  const next = await searchersFor(server);
  const speed: Record<string, SpeedFigures> = {};
  for (const [kind, queries] of KINDS) {
    for (const transport of transports) {
      const figures = await latency(server.baseUrl, next(), kind, queries, transport, rounds);
      const perSecond = await throughput(server.baseUrl, next(), kind, queries, transport, seconds);
      speed[`${kind}/${transport}`] = { ...figures, perSecond };
      say(
        `    ${label(kind, transport)} measured (load average ${load()}; searches stopped by their time budget so far: ${stoppedSearches.count})`,
      );
    }
  }
  return speed;
}

async function measureSize(size: number): Promise<SizeFigures> {
  say(`\n=== ${size.toLocaleString('en')} patents === (load average ${load()})`);
  const wanted = ['storage', 'speed', 'totals', 'quality'].filter((name) => sections.has(name));
  const corpusKept = results.get<CorpusLoad>(size, 'corpus');
  const figures: SizeFigures = { size, corpus: corpusKept?.figures };
  const allKept = corpusKept && wanted.every((name) => results.get(size, name));
  let server: BenchServer | undefined;
  const running = async () => {
    server ??= await startBenchServer(size, say, {
      dataRoot: values.data,
      settings: values['search-concurrency'] ? { SEARCH_CONCURRENCY: values['search-concurrency'] } : {},
    });
    return server;
  };
  try {
    if (!allKept) {
      const started = await running();
      figures.corpus = started.corpus;
      results.put(size, 'corpus', started.corpus);
    }
    const corpus = figures.corpus!;
    say(
      `  corpus: ${corpus.loaded.toLocaleString('en')} patents loaded at ${Math.round(corpus.recordsPerSecond).toLocaleString('en')} patents/s` +
        ` (${corpus.seconds.toFixed(0)} s, the search index build ${corpus.buildSeconds.toFixed(0)} s${corpus.resumedFrom ? `, resumed from ${corpus.resumedFrom.toLocaleString('en')}` : ''}; ${corpus.at})`,
    );
    if (sections.has('storage')) {
      figures.storage = await section<StorageReport>(
        size,
        'storage',
        async () => {
          const started = await running();
          return storageReport(started.db, path.join(started.dataDir, 'pg'));
        },
        (report) => storageLines(report).forEach((line) => say(line)),
      );
    }
    if (sections.has('speed')) {
      figures.speed = await section(size, 'speed', async () => measureSpeed(await running()), printSpeed);
    }
    let token: string | undefined;
    const oneUser = async (started: BenchServer) => (token ??= (await benchUsers(started, 1))[0]!);
    if (sections.has('totals')) {
      figures.totals = await section(
        size,
        'totals',
        async () => {
          const started = await running();
          return totals(started, await oneUser(started));
        },
        printTotals,
      );
    }
    if (sections.has('quality')) {
      figures.quality = await section(
        size,
        'quality',
        async () => {
          const started = await running();
          return knownItems(started, await oneUser(started));
        },
        (quality) =>
          say(
            `  known-item quality: ${quality.found} of ${quality.of} found in the top 10 (${((quality.found / quality.of) * 100).toFixed(1)}%)`,
          ),
      );
    }
  } finally {
    const started = server as BenchServer | undefined;
    await started?.stop();
  }
  return figures;
}

say(
  `Search benchmark: sizes ${sizes.map((size) => size.toLocaleString('en')).join(', ')}; ${cpus().length} cores, ` +
    `${Math.round(totalmem() / 1024 ** 3)} GiB; load average ${load()} (1, 5, 15 minutes)`,
);
const measured: SizeFigures[] = [];
for (const size of sizes) measured.push(await measureSize(size));
printSummary(measured, say);
say(
  `Searches stopped by their time budget (SEARCH_TIMED_OUT, counted at their time): ${stoppedSearches.count}`,
);
say(`\nLoad average at the end: ${load()}`);
process.exit(0);
