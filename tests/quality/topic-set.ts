import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readSharedPatents } from '@patentscout/schema/testing/shared-patents';

/**
 * The topical set: subjects in plain words, each judged by the IPC groups that hold it. A result
 * is on topic when one of its IPC symbols falls in a named group; a result without any IPC
 * symbol cannot be judged and counts as off topic (the strict reading: a search that surfaces
 * unclassified records is not given the benefit of the doubt).
 */
export const TOPIC_FILE = new URL('./topics.json', import.meta.url);

/** An IPC subclass (A01K), main group (A01K47) or subgroup (A01K47/06). */
const GROUP = /^[A-H]\d\d[A-Z](\d{1,4}(\/\d{1,6})?)?$/;

const topicSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The IPC section the subject belongs to (A-H). */
  section: z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']),
  query: z.string().min(10).max(200),
  groups: z.array(z.string().regex(GROUP)).min(1),
});
export type Topic = z.infer<typeof topicSchema>;

export function readTopics(file: URL = TOPIC_FILE): Topic[] {
  return z.array(topicSchema).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Whether one IPC symbol (`A01K47/06`, spaces removed) falls in one named group. */
export function inGroup(symbol: string, group: string): boolean {
  const clean = symbol.replace(/\s+/g, '');
  if (group.includes('/')) return clean === group;
  if (group.length === 4) return clean.startsWith(group);
  return clean.split('/')[0] === group;
}

/** Whether a result with these IPC symbols is on the topic (none: off topic, see above). */
export function onTopic(symbols: readonly string[], topic: Pick<Topic, 'groups'>): boolean {
  return symbols.some((symbol) => topic.groups.some((group) => inGroup(symbol, group)));
}

/** A shared record's title and IPC symbols, what the set's rules read. */
export interface TopicRecord {
  title: string;
  ipc: string[];
}

interface SharedRecord {
  biblio: {
    invention_title?: { text: string }[];
    classifications_ipcr?: { classifications?: { symbol: string }[] };
  };
}

/** Every record of `../shared/data`, as its titles and IPC symbols. */
export async function readTopicRecords(): Promise<TopicRecord[]> {
  const records: TopicRecord[] = [];
  for await (const { value } of readSharedPatents()) {
    const { biblio } = value as SharedRecord;
    records.push({
      title: (biblio.invention_title ?? []).map((title) => title.text).join(' '),
      ipc: (biblio.classifications_ipcr?.classifications ?? []).map((entry) => entry.symbol),
    });
  }
  return records;
}
