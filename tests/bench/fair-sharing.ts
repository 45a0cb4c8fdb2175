import { parseArgs } from 'node:util';
import { abuse, probe, type Timings } from '../fairness/abuse.js';
import { benchUserToken, startBenchServer } from './bench-server.js';

/**
 * `npm run bench:fairness [-- --size 100000 --rounds 40 --parallel 12]`: /healthz and another
 * user's searches, timed one after another while nobody else searches (idle) and while one user
 * sends the worst queries the budget accepts, `--parallel` at a time (ADR 0112). Target: the
 * p95 under abuse within 2x of idle. The product runs as `npm start` runs it, on the generated
 * corpus of `--size` patents (.data/bench-search-<size>).
 */
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '40' },
    parallel: { type: 'string', default: '12' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
const rounds = Number(values.rounds);
const parallel = Number(values.parallel);

say(
  `Fair sharing at ${Number(values.size).toLocaleString('en')} patents, ${parallel} abusive searches at a time`,
);
const server = await startBenchServer(Number(values.size), say);
try {
  const [abuser, other] = [await benchUserToken(server), await benchUserToken(server)];
  // Warm: the statistics, the compiled operations, the first connections.
  await probe(server.baseUrl, other, 5);
  const idle = await probe(server.baseUrl, other, rounds);
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const flood = abuse(server.baseUrl, abuser, parallel, stopped);
  const busy = await probe(server.baseUrl, other, rounds);
  stop();
  const abuserStatuses = await flood;

  const row = (what: string, before: Timings, after: Timings) => {
    const ratio = after.p95 / before.p95;
    say(
      `| ${what} | ${before.p50.toFixed(0)} / ${before.p95.toFixed(0)} | ${after.p50.toFixed(0)} / ${after.p95.toFixed(0)} | ${ratio.toFixed(2)}x ${ratio <= 2 ? '(met)' : '(over 2x)'} |`,
    );
    return ratio;
  };
  say('');
  say('| request | idle p50 / p95 ms | under abuse p50 / p95 ms | p95 ratio (target <= 2x) |');
  say('| --- | --- | --- | --- |');
  const ratios = [
    row('GET /healthz', idle.health, busy.health),
    row("another user's advanced search", idle.searches, busy.searches),
  ];
  const others = [...idle.statuses, ...busy.statuses];
  say('');
  say(
    `Abuser's answers: ${[...abuserStatuses].map(([status, count]) => `${status}: ${count}`).join(', ')}; ` +
      `the other user's: ${others.filter((status) => status === 200).length} of ${others.length} answered 200.`,
  );
  process.exitCode = ratios.every((ratio) => ratio <= 2) && others.every((status) => status === 200) ? 0 : 1;
} finally {
  await server.stop();
}
