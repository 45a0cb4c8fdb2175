import { parseArgs } from 'node:util';
import { abuse, forkAbuser, probe, type Timings } from '../fairness/abuse.js';
import { startCpuProfile } from '../fairness/cpu-profile.js';
import { describeTimeSpent, measureTimeSpent } from '../fairness/where-time-goes.js';
import { benchUserToken, startBenchServer } from './bench-server.js';

/**
 * `npm run bench:fairness [-- --size 100000 --rounds 40 --parallel 12]`: /healthz and another
 * user's searches, timed one after another while nobody else searches (idle) and while one user
 * sends the worst queries the budget accepts, `--parallel` at a time (ADR 0112). Target: the
 * p95 under abuse within 2x of idle. The product runs as `npm start` runs it, on the generated
 * corpus of `--size` patents (.data/bench-search-<size>). The abuser runs in a process of its own
 * (`--abuser process`), as it would on another machine; `--abuser in-process` runs its request
 * loops on the server's own event loop, as the first measurements did. Each stretch also says
 * where the time went: the server's event loop and the CPU of Node and of Postgres;
 * `--profile <file.cpuprofile>` writes the server process's CPU profile of the flood;
 * `--yielding-niceness 0` runs without yielding connections (ADR 0123), for comparison.
 */
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '40' },
    parallel: { type: 'string', default: '12' },
    abuser: { type: 'string', default: 'process' },
    profile: { type: 'string' },
    'yielding-niceness': { type: 'string' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
const rounds = Number(values.rounds);
const parallel = Number(values.parallel);

say(
  `Fair sharing at ${Number(values.size).toLocaleString('en')} patents, ${parallel} abusive searches at a time`,
);
const dataDir = `.data/bench-search-${Number(values.size)}`;
const server = await startBenchServer(Number(values.size), say, {
  dataDir,
  settings:
    values['yielding-niceness'] === undefined
      ? {}
      : { SEARCH_YIELDING_NICENESS: values['yielding-niceness'] },
});
try {
  const [abuser, other] = [await benchUserToken(server), await benchUserToken(server)];
  // Warm: the statistics, the compiled operations, the first connections.
  await probe(server.baseUrl, other, 5);
  const idleSpent = measureTimeSpent(`${dataDir}/pg`);
  const idle = await probe(server.baseUrl, other, rounds);
  const idleTime = idleSpent();
  const flood = startAbuser(server.baseUrl, abuser);
  const busySpent = measureTimeSpent(`${dataDir}/pg`);
  const profiled = values.profile ? await startCpuProfile(values.profile) : undefined;
  const busy = await probe(server.baseUrl, other, rounds);
  await profiled?.();
  const busyTime = busySpent();
  const { statuses: abuserStatuses, cpuSeconds: abuserCpu } = await flood.stop();

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
  say(`Idle: ${describeTimeSpent(idleTime)}.`);
  say(
    `Under abuse: ${describeTimeSpent(busyTime)}` +
      (abuserCpu === undefined
        ? ''
        : `; the abuser's own process ${(abuserCpu / busyTime.seconds).toFixed(2)} cores`) +
      '.',
  );
  say('');
  say(
    `Abuser's answers: ${[...abuserStatuses].map(([status, count]) => `${status}: ${count}`).join(', ')}; ` +
      `the other user's: ${others.filter((status) => status === 200).length} of ${others.length} answered 200` +
      (others.some((status) => status !== 200)
        ? ` (others: ${others.filter((status) => status !== 200).join(', ')})`
        : '') +
      '.',
  );
  process.exitCode = ratios.every((ratio) => ratio <= 2) && others.every((status) => status === 200) ? 0 : 1;
} finally {
  await server.stop();
}

/** The flood, in its own process or on this one's event loop (`--abuser`). */
function startAbuser(baseUrl: string, token: string) {
  if (values.abuser === 'process') return forkAbuser(baseUrl, token, parallel);
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const flood = abuse(baseUrl, token, parallel, stopped);
  return {
    async stop(): Promise<{ statuses: Map<number, number>; cpuSeconds: number | undefined }> {
      stop();
      return { statuses: await flood, cpuSeconds: undefined };
    },
  };
}
