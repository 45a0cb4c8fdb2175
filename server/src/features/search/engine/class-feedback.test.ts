import { describe, expect, it } from 'vitest';
import { groupVotes, orderByClassFeedback, subjectBreadth } from './class-feedback.js';

const tuning = { depth: 6, share: 0.5 };
const hit = (id: string, score: number, ...ipc_symbols: string[]) => ({ id, score, ipc_symbols });

describe('the classes the first results agree on (ADR 0190)', () => {
  it('counts each result once per main group, the higher ones more', () => {
    const votes = groupVotes(
      [hit('a', 1, 'A01K47/06', 'A01K47/02'), hit('b', 1, 'A01K47/00', 'B65D5/00')],
      6,
    );
    expect(votes.get('A01K47')).toBeCloseTo(1 + 1 / Math.SQRT2);
    expect(votes.get('B65D5')).toBeCloseTo(1 / Math.SQRT2);
  });

  it('raises the patents of the subject the results agree on above near-equals of another', () => {
    const hits = [
      hit('beehive', 1, 'A01K47/06'),
      hit('waterfowl', 0.98, 'A01K45/00'),
      hit('pizza warmer', 0.97, 'A47J39/00'),
      hit('hive heater', 0.95, 'A01K47/02'),
      hit('bee feeder', 0.9, 'A01K47/00', 'A01K53/00'),
    ];
    const { hits: ordered, groups } = orderByClassFeedback(hits, 1, tuning);
    expect(ordered.map((entry) => entry.id)).toEqual([
      'beehive',
      'hive heater',
      'bee feeder',
      'waterfowl',
      'pizza warmer',
    ]);
    expect(groups[0]).toBe('A01K47');
  });

  it('keeps the order when the best match holds the whole text', () => {
    const hits = [hit('a', 1, 'H04R1/00'), hit('b', 0.99, 'A01K47/00'), hit('c', 0.98, 'A01K47/00')];
    expect(orderByClassFeedback(hits, 0, tuning).hits).toBe(hits);
  });

  it('names no group when the results were in its order already', () => {
    const hits = [hit('a', 1, 'A01K47/00'), hit('b', 0.9, 'A01K47/00'), hit('c', 0.5, 'H04R1/00')];
    expect(orderByClassFeedback(hits, 1, tuning)).toEqual({ hits, groups: [] });
  });

  it('keeps the best match first, whatever its class', () => {
    const hits = [hit('lone', 1, 'H04R1/00'), hit('b', 0.99, 'A01K47/00'), hit('c', 0.98, 'A01K47/00')];
    expect(orderByClassFeedback(hits, 1, tuning).hits.map((entry) => entry.id)).toEqual(['lone', 'b', 'c']);
  });

  it('does not pass a result whose words lead far', () => {
    const hits = [hit('known item', 1, 'H04R1/00'), hit('b', 0.5, 'A01K47/00'), hit('c', 0.5, 'A01K47/00')];
    expect(orderByClassFeedback(hits, 0.5, tuning).hits[0]!.id).toBe('known item');
  });

  it('gives a result without IPC symbols the mean agreement, and leaves results beyond the depth alone', () => {
    const hits = [
      hit('a', 1, 'A01K47/00'),
      hit('b', 1, 'A01K47/00'),
      hit('unclassified', 0.99),
      hit('other', 0.99, 'B65D5/00'),
      hit('c', 0.5, 'A01K47/00'),
      hit('d', 0.5, 'A01K47/00'),
      hit('beyond', 0.1, 'A01K47/00'),
    ];
    const ordered = orderByClassFeedback(hits, 1, tuning).hits.map((entry) => entry.id);
    expect(ordered.indexOf('unclassified')).toBeLessThan(ordered.indexOf('other'));
    expect(ordered.at(-1)).toBe('beyond');
  });

  it('weighs a subject named in a few words whole and a long description not at all', () => {
    expect(subjectBreadth(4)).toBe(1);
    expect(subjectBreadth(6)).toBe(1);
    expect(subjectBreadth(9)).toBeCloseTo(0.5);
    expect(subjectBreadth(12)).toBe(0);
    expect(subjectBreadth(30)).toBe(0);
  });
});
