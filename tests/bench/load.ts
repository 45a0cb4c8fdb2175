import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchUsers, startBenchServer } from './bench-server.js';
import { ADVANCED_QUERIES, AI_QUERIES } from './search-queries.js';

/**
 * Load test: 8 users for 2 minutes, each mixing searches (AI and advanced), patent pages and
 * favourites as people do, against the product as `npm start` runs it. Prints the errors (target:
 * none) and the latency percentiles. `npm run bench:load [-- --size 100000 --seconds 120]`.
 */
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '120' },
    users: { type: 'string', default: '8' },
  },
});
const size = Number(values.size);
const seconds = Number(values.seconds);
const users = Number(values.users);
const say = (line: string) => console.log(line);

/** What a user does next, in the proportions of a browsing session. */
const MIX = [
  { kind: 'ai-search', weight: 3 },
  { kind: 'advanced-search', weight: 2 },
  { kind: 'patent-page', weight: 4 },
  { kind: 'save-favourite', weight: 1 },
  { kind: 'list-favourites', weight: 1 },
] as const;
type Kind = (typeof MIX)[number]['kind'];

function pickKind(random: number): Kind {
  const total = MIX.reduce((sum, step) => sum + step.weight, 0);
  let left = random * total;
  for (const step of MIX) {
    left -= step.weight;
    if (left < 0) return step.kind;
  }
  return MIX[0].kind;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

say(`Load test: ${users} users for ${seconds} s over ${size.toLocaleString('en')} patents`);
const server = await startBenchServer(size, say);
try {
  const tokens = await benchUsers(server, users);
  const lensIds = (
    await server.db.selectFrom('patents').select('lens_id').orderBy('lens_id').limit(500).execute()
  ).map((row) => row.lens_id);
  let nextUser = 0;
  let step = 0;
  const latencies: number[] = [];
  const byKind = new Map<Kind, number>();

  const options: autocannon.Options = {
    url: server.baseUrl,
    connections: users,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request, context) => {
          const user = context as { token?: string };
          user.token ??= tokens[nextUser++ % tokens.length];
          step += 1;
          const kind = pickKind(((step * 7919) % 1000) / 1000);
          byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
          const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
          const lensId = lensIds[step % lensIds.length]!;
          switch (kind) {
            case 'ai-search':
              return {
                ...request,
                method: 'POST',
                path: '/api/v1/ai-search',
                headers,
                body: JSON.stringify(AI_QUERIES[step % AI_QUERIES.length]),
              };
            case 'advanced-search':
              return {
                ...request,
                method: 'POST',
                path: '/api/v1/boolean-search',
                headers,
                body: JSON.stringify(ADVANCED_QUERIES[step % ADVANCED_QUERIES.length]),
              };
            case 'patent-page':
              return {
                ...request,
                method: 'GET',
                path: `/api/v1/patents/${lensId}`,
                headers,
                body: undefined,
              };
            case 'save-favourite':
              return {
                ...request,
                method: 'PUT',
                path: '/api/v1/favourites',
                headers,
                body: JSON.stringify({
                  doc_key: `LOAD_${lensId}`,
                  patent_title: 'Saved under load',
                  lens_id: lensId,
                }),
              };
            case 'list-favourites':
              return { ...request, method: 'GET', path: '/api/v1/favourites', headers, body: undefined };
          }
        },
      },
    ],
  };

  let ticks = 0;
  const progress = setInterval(() => {
    ticks += 10;
    say(`  ${ticks} of ${seconds} s: ${latencies.length.toLocaleString('en')} requests answered`);
  }, 10_000);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  clearInterval(progress);

  latencies.sort((a, b) => a - b);
  const errors = result.errors + result.timeouts + result.non2xx;
  say('');
  say(`requests: ${result.requests.total.toLocaleString('en')} (${result.requests.average.toFixed(1)}/s)`);
  say(`mix: ${[...byKind.entries()].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
  say(
    `latency ms: p50 ${percentile(latencies, 50).toFixed(0)}, p95 ${percentile(latencies, 95).toFixed(0)}, p99 ${percentile(latencies, 99).toFixed(0)}, max ${latencies.at(-1)?.toFixed(0)}`,
  );
  say(
    `errors: ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`,
  );
  process.exitCode = errors === 0 ? 0 : 1;
} finally {
  await server.stop();
}
