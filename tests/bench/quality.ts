import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildMeaning } from '@patentscout/indexer/meaning/build-meaning';
import { hasClassWords, learnClassWords } from '@patentscout/indexer/learned/learn-class-words';
import { startBulkLoad } from '@patentscout/indexer/load/bulk-load';
import { indexSource } from '@patentscout/indexer/pipeline';
import { readLensFiles } from '@patentscout/indexer/sources/lens-file';
import { sharedPatentFiles } from '@patentscout/schema/testing/shared-patents';
import { createSearchEngine, NO_FILTERS, type SearchEngine } from '@patentscout/server/search-engine';
import { systemClock } from '@patentscout/server/shared/clock';
import { startBenchServer } from './bench-server.js';
import { knownItemQuery } from './known-item.js';
import { readParaphrases, readTargets } from '../quality/paraphrase-set.js';
import { readTopics } from '../quality/topic-set.js';
import { sayTopicalPrecision } from './topical.js';

/**
 * `npm run bench:quality`: how well AI search finds a patent described in other words (the
 * paraphrase set, tests/quality/paraphrases.json) and in its own words (a known-item query made
 * from each target's title and abstract), by words alone and by words plus meaning (ADR 0150),
 * over the real records of ../shared/data with the demo corpus (and more generated patents with
 * `--size`): top-1, top-10, top-100, MRR, and each search's time; and how many of the first 10 and
 * 20 results stay on topic for the topical set (tests/quality/topics.json, topical.ts).
 */
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    data: { type: 'string', default: '.data' },
    /** Each topic's precision at 20 and first titles, besides the means. */
    topics: { type: 'boolean', default: false },
    /** Learns the classes' words (ADR 0177) and derives meaning again, on a corpus built before. */
    relearn: { type: 'boolean', default: false },
  },
});
const size = Number(values.size);
const say = (line: string) => process.stdout.write(`${line}\n`);

const server = await startBenchServer(size, say, {
  dataDir: `${values.data}/bench-quality-${size}`,
  keepAdded: true,
});
try {
  const { rows } = await sql<{ patents: number }>`SELECT count(*)::int AS patents FROM patents`.execute(
    server.db,
  );
  if (rows[0]!.patents <= size) {
    say('  importing the real records of ../shared/data...');
    const bulk = await startBulkLoad(server.db);
    const source = readLensFiles(await sharedPatentFiles());
    await indexSource({
      items: source.items,
      summarizer: null,
      write: (batch) => bulk.write(batch),
      writeConcurrency: 2,
    });
    await bulk.finish();
    await sql`VACUUM (ANALYZE) patent_search`.execute(server.db);
  }
  // The classes' words join the patents' vectors (ADR 0177): a corpus without them learns them,
  // and its meaning is derived again.
  const learned = values.relearn || !(await hasClassWords(server.db));
  if (learned) {
    say('  learning the words of the IPC classes (records that say more)...');
    const result = await learnClassWords(server.db);
    say(
      `  classes' words: ${result.classes.toLocaleString('en')} classes from the titles and abstracts of ${result.learnedFrom.toLocaleString('en')} patents; ${result.patents.toLocaleString('en')} patents learned words, in ${(result.elapsedMs / 1000).toFixed(1)} s`,
    );
  }
  const { rows: built } = await sql<{ patents: number }>`
    SELECT (SELECT count(*) FROM patent_vectors)::int AS patents`.execute(server.db);
  if (built[0]!.patents === 0 || learned) {
    say('  deriving meaning (word and patent vectors)...');
    const result = await buildMeaning(server.db, (progress) => {
      if (progress.done % 50_000 === 0) say(`    ${progress.phase}: ${progress.done.toLocaleString('en')}`);
    });
    say(
      `  meaning: ${result.patents.toLocaleString('en')} patents, ${result.words.toLocaleString('en')} words (${result.learnedWords.toLocaleString('en')} learned from the corpus) in ${(result.elapsedMs / 1000).toFixed(1)} s`,
    );
  }

  const paraphrases = readParaphrases();
  const targets = await readTargets(new Set(paraphrases.map((entry) => entry.id)));
  const frequency = await lexemeShares(server.db);
  const sets = {
    'paraphrased descriptions': paraphrases.map((entry) => ({
      text: entry.query,
      key: targets.get(entry.id)!.key,
    })),
    'known items (own words)': paraphrases.map((entry) => {
      const target = targets.get(entry.id)!;
      return { text: knownItemQuery(target.title, target.abstract, frequency), key: target.key };
    }),
  };
  const engines: [string, SearchEngine][] = [
    [
      'words only',
      createSearchEngine({ connectionString: server.databaseUrl, clock: systemClock, meaning: false }),
    ],
    ['words + meaning', createSearchEngine({ connectionString: server.databaseUrl, clock: systemClock })],
  ];
  // The meaning index reads every patent's vector when an engine starts: one untimed pass first.
  say('  warming up (the engines read the vectors into memory)...');
  for (const query of sets['paraphrased descriptions'])
    for (const [, engine] of engines)
      await engine.natural({ text: query.text, filters: NO_FILTERS, maxResults: 500 });
  say(
    `\n| set | search | top-1 | top-10 | top-100 | MRR | p50 ms | p95 ms |\n| --- | --- | --- | --- | --- | --- | --- | --- |`,
  );
  for (const [setName, queries] of Object.entries(sets)) {
    // Alternating, query by query, so that both searches see the same machine.
    const ranks = engines.map((): number[] => []);
    const times = engines.map((): number[] => []);
    for (const query of queries)
      for (const [index, [, engine]] of engines.entries()) {
        const started = performance.now();
        const answer = await engine.natural({ text: query.text, filters: NO_FILTERS, maxResults: 500 });
        times[index]!.push(performance.now() - started);
        const position = answer.hits.findIndex(
          (hit) =>
            hit.lens_id === query.key || hit.family_members.some((member) => member.lens_id === query.key),
        );
        ranks[index]!.push(position < 0 ? Infinity : position + 1);
      }
    for (const [index, [engineName]] of engines.entries()) {
      const rankList = ranks[index]!;
      const share = (top: number) =>
        `${((100 * rankList.filter((rank) => rank <= top).length) / rankList.length).toFixed(1)} %`;
      const mrr =
        rankList.reduce((sum, rank) => sum + (Number.isFinite(rank) ? 1 / rank : 0), 0) / rankList.length;
      const [p50, p95] = percentiles(times[index]!);
      say(
        `| ${setName} (${queries.length}) | ${engineName} | ${share(1)} | ${share(10)} | ${share(100)} | ${mrr.toFixed(3)} | ${p50} | ${p95} |`,
      );
    }
  }
  await sayTopicalPrecision(readTopics(), engines, say, values.topics);
  const similarTimes: number[] = [];
  for (const entry of paraphrases) {
    const started = performance.now();
    await engines[1]![1].similar({ lensId: targets.get(entry.id)!.key, first: 10 });
    similarTimes.push(performance.now() - started);
  }
  const [similarP50, similarP95] = percentiles(similarTimes);
  say(
    `\nSimilar patents (${similarTimes.length} targets, 10 each): p50 ${similarP50} ms, p95 ${similarP95} ms`,
  );
  const { rows: storage } = await sql<{ per_patent: number; cells: number | null }>`
    SELECT (pg_total_relation_size('patent_vectors')::float8 / greatest(1, (SELECT count(*) FROM patents)))::float8 AS per_patent,
      (SELECT length(centroids) / 400 FROM meaning_model) AS cells`.execute(server.db);
  const { rows: learnedStorage } = await sql<{ per_patent: number; share: number }>`
    SELECT ((pg_total_relation_size('patent_learned') + pg_total_relation_size('class_words'))::float8
              / greatest(1, (SELECT count(*) FROM patents)))::float8 AS per_patent,
           ((SELECT count(*) FROM patent_learned)::float8 / greatest(1, (SELECT count(*) FROM patents)))::float8 AS share`.execute(
    server.db,
  );
  say(
    `Storage of the patent vectors (table, TOAST and indexes): ${storage[0]!.per_patent.toFixed(0)} B a patent; cells: ${storage[0]!.cells ?? 'none'}`,
  );
  say(
    `Storage of the learned words (ADR 0177: tables and indexes): ${learnedStorage[0]!.per_patent.toFixed(0)} B a patent; ${(100 * learnedStorage[0]!.share).toFixed(1)} % of patents learned words`,
  );
  for (const [, engine] of engines) await engine.close();
} finally {
  await server.stop();
}

/** p50 and p95 of the times, in ms with one decimal. */
function percentiles(times: number[]): [string, string] {
  const sorted = [...times].sort((left, right) => left - right);
  const at = (quantile: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]!.toFixed(1);
  return [at(0.5), at(0.95)];
}

/** The share of patents whose search text holds each lexeme (a word not indexed counts as rare). */
async function lexemeShares(db: typeof server.db): Promise<(word: string) => number> {
  const { rows } = await sql<{ word: string; ndoc: number; total: number }>`
    SELECT word, ndoc, (SELECT count(*) FROM patent_search)::int AS total
    FROM ts_stat('SELECT text_vector FROM patent_search')`.execute(db);
  const shares = new Map(rows.map((row) => [row.word, row.ndoc / row.total]));
  return (word) => shares.get(word.replace(/s$/, '')) ?? shares.get(word) ?? 0;
}
