import { describe, expect, it } from 'vitest';
import { echoes, MIN_ON_TOPIC, MIN_TOPICS, topicProblems } from './topic-check.js';
import { stemsOf } from './paraphrase-rule.js';
import { inGroup, onTopic, readTopicRecords, readTopics } from './topic-set.js';

describe('the topical set', () => {
  it('keeps its rules: 40 topics or more over every IPC section, each with 20 on-topic records', async () => {
    const topics = readTopics();
    expect(topics.length).toBeGreaterThanOrEqual(MIN_TOPICS);
    expect(topicProblems(topics, await readTopicRecords(), true)).toEqual([]);
  }, 120_000);

  it('judges a symbol by subclass, main group or exact subgroup', () => {
    expect(inGroup('A01K47/06', 'A01K47')).toBe(true);
    expect(inGroup('A01K 47/06', 'A01K')).toBe(true);
    expect(inGroup('A01K470/06', 'A01K47')).toBe(false);
    expect(inGroup('A01K47/06', 'A01K47/06')).toBe(true);
    expect(inGroup('A01K47/061', 'A01K47/06')).toBe(false);
    expect(onTopic([], { groups: ['A01K47'] })).toBe(false);
    expect(onTopic(['B65D5/00', 'A01K51/00'], { groups: ['A01K47', 'A01K51'] })).toBe(true);
  });

  it('finds what breaks a rule: too few on-topic records, an echoed title, a set too small', () => {
    const records = Array.from({ length: MIN_ON_TOPIC }, (_, index) => ({
      title: index === 0 ? 'Beehive entrance' : 'Honey frame',
      ipc: ['A01K47/06'],
    }));
    const topic = {
      id: 'bees',
      section: 'A' as const,
      query: 'an entrance for a beehive',
      groups: ['A01K47'],
    };
    expect(topicProblems([topic], records, false)).toEqual([]);
    expect(topicProblems([{ ...topic, groups: ['A01K51'] }], records, false)).toEqual([
      `bees: 0 on-topic records in ../shared/data, fewer than ${MIN_ON_TOPIC}`,
    ]);
    expect(echoes(stemsOf('entrance gate of the beehive'), stemsOf('Beehive entrance gate'))).toBe(true);
    expect(
      echoes(
        stemsOf('entrance gate of the beehive'),
        stemsOf('Beehive entrance gate with a sliding door, a mesh screen and a mite tray'),
      ),
    ).toBe(false);
    expect(topicProblems([topic, topic], records, true)).toEqual(
      expect.arrayContaining([
        'bees: listed twice',
        `2 topics, fewer than ${MIN_TOPICS}`,
        'section B: 0 topics, fewer than 2',
      ]),
    );
  });
});
