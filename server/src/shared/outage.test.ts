import { describe, expect, it } from 'vitest';
import { isOutage, unawaitedOutagesNoted } from './outage.js';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      warn: (message: string) => lines.push(`warn ${message}`),
      debug: (message: string) => lines.push(`debug ${message}`),
    },
  };
}

describe('unawaitedOutagesNoted', () => {
  it('notes a lost database in one warning while the server runs, instead of crashing', () => {
    const { lines, log } = recorder();
    const listener = unawaitedOutagesNoted(() => false, log);
    expect(() => listener(terminated)).not.toThrow();
    expect(lines).toEqual([
      'warn a lost connection nobody awaited: terminating connection due to administrator command',
    ]);
  });

  it('notes it quietly once the server is stopping', () => {
    const { lines, log } = recorder();
    const listener = unawaitedOutagesNoted(() => true, log);
    expect(() => listener(refused)).not.toThrow();
    expect(lines).toEqual(['debug a lost connection nobody awaited: connect ECONNREFUSED 127.0.0.1:5432']);
  });

  it('throws any other rejection again, stopping or not: a bug stays a crash', () => {
    const bug = new TypeError('cannot read properties of undefined');
    expect(isOutage(bug)).toBe(false);
    for (const stopping of [false, true]) {
      const { lines, log } = recorder();
      expect(() => unawaitedOutagesNoted(() => stopping, log)(bug)).toThrow(bug);
      expect(lines).toEqual([]);
    }
  });
});
