import { stemsOf } from './paraphrase-rule.js';
import { onTopic, type Topic, type TopicRecord } from './topic-set.js';

/** The set's size, what each topic must have in the records, and how far a query may echo a title. */
export const MIN_TOPICS = 40;
export const MIN_PER_SECTION = 2;
/** A perfect search can then fill a page of 20 with on-topic records of `../shared/data` alone. */
export const MIN_ON_TOPIC = 20;
/** The most word stems a query may share with a title they would make half of. */
export const MAX_TITLE_STEMS = 2;

/**
 * Whether a query echoes a title: it holds more than two of the title's stems, and they are at
 * least half of the title's (a long title shares common words with anything; a short one shared
 * is that title reworded, not plain words).
 */
export function echoes(query: ReadonlySet<string>, title: ReadonlySet<string>): boolean {
  const shared = [...query].filter((stem) => title.has(stem)).length;
  return shared > MAX_TITLE_STEMS && 2 * shared >= title.size;
}

/**
 * What breaks the topical set's rules: an id listed twice; a topic with fewer than 20 on-topic
 * records in `../shared/data`; a query that echoes some record's title (`echoes`) or spells a group's symbol; and
 * (for the whole set, `complete`) fewer than 40 topics or an IPC section with fewer than two.
 */
export function topicProblems(topics: Topic[], records: TopicRecord[], complete: boolean): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const titles = records.map((record) => stemsOf(record.title));
  for (const topic of topics) {
    if (seen.has(topic.id)) problems.push(`${topic.id}: listed twice`);
    seen.add(topic.id);
    const count = records.filter((record) => onTopic(record.ipc, topic)).length;
    if (count < MIN_ON_TOPIC)
      problems.push(`${topic.id}: ${count} on-topic records in ../shared/data, fewer than ${MIN_ON_TOPIC}`);
    const query = stemsOf(topic.query);
    const echoed = titles.findIndex((title) => echoes(query, title));
    if (echoed >= 0) problems.push(`${topic.id}: echoes the title "${records[echoed]!.title}"`);
    if (topic.groups.some((group) => topic.query.toUpperCase().includes(group)))
      problems.push(`${topic.id}: the query names one of its groups`);
  }
  if (!complete) return problems;
  if (topics.length < MIN_TOPICS) problems.push(`${topics.length} topics, fewer than ${MIN_TOPICS}`);
  for (const section of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const) {
    const count = topics.filter((topic) => topic.section === section).length;
    if (count < MIN_PER_SECTION)
      problems.push(`section ${section}: ${count} topics, fewer than ${MIN_PER_SECTION}`);
  }
  return problems;
}
