import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildMeaning } from '@patentscout/indexer/meaning/build-meaning';
import { benchUserToken, startBenchServer, type BenchServer } from './bench-server.js';
import { search } from './search-client.js';
import { AI_QUERIES } from './search-queries.js';

const MAP_QUERY = `
  query ($id: ID!) {
    resultSet(id: $id) {
      map(first: 500) {
        points { lens_id x y region title owner year country status }
        regions { id words size x y }
        not_placed { lens_id }
        too_few
      }
    }
  }`;

interface MapAnswer {
  points: unknown[];
  regions: unknown[];
  not_placed: unknown[];
}

async function timedMap(baseUrl: string, token: string, id: string): Promise<{ ms: number; map: MapAnswer }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: MAP_QUERY, variables: { id } }),
  });
  const body = (await response.json()) as { data?: { resultSet: { map: MapAnswer } }; errors?: unknown[] };
  const ms = performance.now() - started;
  if (!body.data) throw new Error(`the map failed: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return { ms, map: body.data.resultSet.map };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until every patent has its meaning vector (the map places only those), saying how far; a
 * corpus whose meaning was never built (the benchmark's load does not ask for it) builds it here.
 */
async function meaningReady(server: BenchServer, say: (line: string) => void): Promise<void> {
  let told = 0;
  for (;;) {
    const readiness = (await (await fetch(`${server.baseUrl}/readyz`)).json()) as {
      meaning?: { state: string; detail: string };
    };
    if (!readiness.meaning || readiness.meaning.state === 'ready') return;
    if (readiness.meaning.state === 'missing') {
      say('  deriving meaning (word and patent vectors)...');
      const built = await buildMeaning(server.db, (progress) => {
        if (progress.done % 100_000 === 0)
          say(`    ${progress.phase}: ${progress.done.toLocaleString('en')}`);
      });
      say(
        `  meaning: ${built.patents.toLocaleString('en')} patents in ${(built.elapsedMs / 1000).toFixed(0)} s`,
      );
      return;
    }
    if (performance.now() - told > 30_000) {
      say(`  waiting for the meaning: ${readiness.meaning.detail}`);
      told = performance.now();
    }
    await pause(2_000);
  }
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};

/**
 * The map as a searcher asks for it: over the product started at `size` patents, an AI search
 * (its answer of up to 500 families kept as a result set), then `resultSet(id) { map(first: 500) }`
 * over GraphQL, timed to its last byte: the first time (drawn in the map thread) and once more
 * (read back). Each round another query, and the maps kept before are cleared, so every first
 * time is a drawing; the server readied its map thread when it started, as the product does.
 */
export async function benchMapThroughServer(options: {
  size: number;
  rounds: number;
  dataRoot: string;
  say: (line: string) => void;
}): Promise<void> {
  const { size, rounds, say } = options;
  const server = await startBenchServer(size, say, { dataRoot: options.dataRoot });
  try {
    await meaningReady(server, say);
    // A map is kept a week by its query and families: one kept by an earlier run of this benchmark
    // would be read back, not drawn, and its "first" time would not be a first drawing.
    const cleared = await server.db.deleteFrom('result_maps').executeTakeFirst();
    say(`  kept maps cleared: ${cleared.numDeletedRows}`);
    const token = await benchUserToken(server);
    const first: number[] = [];
    const kept: number[] = [];
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    for (const [round, query] of AI_QUERIES.slice(0, rounds).entries()) {
      const answer = (await search(server.baseUrl, token, 'ai', query)).answer();
      const drawn = await timedMap(server.baseUrl, token, answer.result_set_id);
      const again = await timedMap(server.baseUrl, token, answer.result_set_id);
      first.push(drawn.ms);
      kept.push(again.ms);
      say(
        `  round ${round + 1}/${rounds}: "${query.query}": ${answer.data.length} families, ` +
          `${drawn.map.points.length} placed in ${drawn.map.regions.length} regions; ` +
          `first ${drawn.ms.toFixed(0)} ms, kept ${again.ms.toFixed(0)} ms`,
      );
    }
    delay.disable();
    say(
      `map of up to 500 families over ${size.toLocaleString('en-US')} patents, ${rounds} answers: ` +
        `first drawing median ${percentile(first, 0.5).toFixed(0)} ms, p95 ${percentile(first, 0.95).toFixed(0)} ms; ` +
        `kept median ${percentile(kept, 0.5).toFixed(0)} ms, p95 ${percentile(kept, 0.95).toFixed(0)} ms; ` +
        `request thread's worst event-loop delay ${(delay.max / 1e6).toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
  }
}
