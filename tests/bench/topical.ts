import { NO_FILTERS, type SearchEngine } from '@patentscout/server/search-engine';
import { onTopic, type Topic } from '../quality/topic-set.js';

/** How deep the topical set is judged: the first page and two pages of ten. */
const DEPTHS = [10, 20] as const;

/**
 * The topical set's precision (tests/quality/topics.json): the share of the first 10 and 20
 * results whose IPC symbols fall in the topic's groups, averaged over the topics. A result
 * without IPC symbols counts as off topic (topic-set.ts); the share of such results is printed
 * beside, so a change in it is seen. `detail` prints each topic's precision at 20.
 */
export async function sayTopicalPrecision(
  topics: Topic[],
  engines: [string, SearchEngine][],
  say: (line: string) => void,
  detail = false,
): Promise<void> {
  say(
    `\nTopical set (${topics.length} topics, judged by IPC groups; a result without IPC symbols is off topic)\n\n| search | P@10 | P@20 | unclassified in the top 20 |\n| --- | --- | --- | --- |`,
  );
  const rows: string[] = [];
  for (const [engineName, engine] of engines) {
    const sums = DEPTHS.map(() => 0);
    let unclassified = 0;
    for (const topic of topics) {
      const answer = await engine.natural({ text: topic.query, filters: NO_FILTERS, maxResults: 20 });
      const hits = answer.hits.slice(0, 20);
      for (const [index, depth] of DEPTHS.entries())
        sums[index]! += hits.slice(0, depth).filter((hit) => onTopic(hit.ipc_symbols, topic)).length / depth;
      unclassified += hits.filter((hit) => hit.ipc_symbols.length === 0).length;
      if (detail)
        rows.push(
          `  ${engineName} | ${topic.id}: ${hits.filter((hit) => onTopic(hit.ipc_symbols, topic)).length}/20 | ${hits
            .slice(0, 5)
            .map((hit) => hit.title.slice(0, 40))
            .join(' | ')}`,
        );
    }
    const mean = (sum: number) => (sum / topics.length).toFixed(3);
    say(
      `| ${engineName} | ${mean(sums[0]!)} | ${mean(sums[1]!)} | ${((100 * unclassified) / (20 * topics.length)).toFixed(1)} % |`,
    );
  }
  for (const row of rows) say(row);
}
