import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The fair-sharing measurement that the test (tests/api/fair-sharing.test.ts) and the benchmark
 * (tests/bench/fair-sharing.ts) share: one user sends the worst queries the budget accepts, many
 * at once, while /healthz and another user's searches are timed (ADR 0112).
 */

/**
 * The costliest shapes the query budget still accepts, in the demo corpus's common words. Each
 * is made unique by a last, cheap term (`NOT title:zzN`): the same search again within a day would
 * replay its kept answer instead of searching.
 */
export const WORST_ACCEPTED_QUERIES: ReadonlyArray<(n: number) => string> = [
  // 100 word distances: the proximity budget, in the commonest words.
  (n) => `"method system device"~50 NOT title:zz${n}`,
  // 10 inner wildcards, each checked on the patents' text where its stems conflate.
  (n) =>
    `(me?*d OR sy?*m OR de?*e OR co?*l OR pa?*l OR ce?*l OR wa?*r OR ba?*y OR so?*r OR li?*m) NOT title:zz${n}`,
  // 200 terms of common words.
  (n) =>
    `(${Array.from(
      { length: 199 },
      (_, term) => ['method', 'system', 'device', 'control', 'water', 'panel', 'cell', 'battery'][term % 8],
    ).join(' OR ')}) NOT title:zz${n}`,
];

/** An everyday search of the other user's, a new one each time. */
export const everydayQuery = (n: number) => `title:(battery AND electrode) NOT title:zz${n}`;

export interface Timings {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export function timingsOf(ms: number[]): Timings {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const search = (baseUrl: string, token: string, query: string) =>
  fetch(`${baseUrl}/api/v1/boolean-search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });

let probes = 0;

/** `rounds` probes, one after another: /healthz, then the other user's everyday search. */
export async function probe(baseUrl: string, otherToken: string, rounds: number) {
  probes += 1;
  const health: number[] = [];
  const searches: number[] = [];
  const statuses: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const healthz = await timed(() => fetch(`${baseUrl}/healthz`));
    health.push(healthz.ms);
    statuses.push(healthz.status);
    const searched = await timed(() => search(baseUrl, otherToken, everydayQuery(round + rounds * probes)));
    searches.push(searched.ms);
    statuses.push(searched.status);
  }
  return { health: timingsOf(health), searches: timingsOf(searches), statuses };
}

/**
 * The abuser: `parallel` loops, each sending the worst queries one after another until `stop`
 * resolves. Answers the statuses it got.
 */
export async function abuse(
  baseUrl: string,
  token: string,
  parallel: number,
  stop: Promise<void>,
): Promise<Map<number, number>> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: parallel }, async (_, loop) => {
      for (let n = 0; !stopped; n += 1) {
        const query = WORST_ACCEPTED_QUERIES[n % WORST_ACCEPTED_QUERIES.length]!(n * parallel + loop);
        const answered = await timed(() => search(baseUrl, token, query));
        statuses.set(answered.status, (statuses.get(answered.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

/**
 * The abuser in a child process (abuser-process.ts): started at once, it floods until the
 * returned `stop()`, which answers its statuses and the CPU seconds the abuser's own process used.
 */
export function forkAbuser(
  baseUrl: string,
  token: string,
  parallel: number,
): { stop(): Promise<{ statuses: Map<number, number>; cpuSeconds: number }> } {
  const child = fork(fileURLToPath(new URL('./abuser-process.ts', import.meta.url)), [
    baseUrl,
    token,
    String(parallel),
  ]);
  const answer = new Promise<{ statuses: Map<number, number>; cpuSeconds: number }>((resolve, reject) => {
    child.once('message', (message) => {
      const { statuses, cpuSeconds } = message as { statuses: Array<[number, number]>; cpuSeconds: number };
      resolve({ statuses: new Map(statuses), cpuSeconds });
    });
    child.once('exit', (code) => reject(new Error(`the abuser's process ended (${code}) before answering`)));
  });
  return {
    stop() {
      child.send('stop');
      return answer;
    },
  };
}
