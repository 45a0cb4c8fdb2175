import { describe, expect, it } from 'vitest';
import { parseLsn, PrimaryPositions } from './replica-lag.js';

describe('parseLsn', () => {
  it('reads the two halves of a WAL position as one number of bytes', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('16/B374D848') - parseLsn('16/B374D000')).toBe(0x848n);
  });

  it('refuses what is not a position', () => {
    expect(() => parseLsn('16-B374')).toThrow(/Not a WAL position/);
    expect(() => parseLsn('')).toThrow(/Not a WAL position/);
  });
});

describe('PrimaryPositions', () => {
  const at = (seconds: number) => 1_000_000 + seconds * 1000;

  it('says 0 for a replica that has replayed the newest position, whatever its last commit', () => {
    const positions = new PrimaryPositions(60_000);
    positions.record(at(0), 100n);
    positions.record(at(1), 100n);
    expect(positions.lagSeconds({ replayed: 100n, lastReplayedCommitAt: at(-3600) }, at(1))).toBe(0);
    expect(positions.bytesBehind({ replayed: 100n, lastReplayedCommitAt: null })).toBe(0);
  });

  it('dates a replica behind to when the primary was last at its position', () => {
    const positions = new PrimaryPositions(60_000);
    positions.record(at(0), 100n);
    positions.record(at(1), 200n);
    positions.record(at(2), 300n);
    positions.record(at(3), 400n);
    // At 250 it has everything the primary had at second 1, not what it had at second 2.
    expect(positions.lagSeconds({ replayed: 250n, lastReplayedCommitAt: null }, at(3.5))).toBe(2.5);
    expect(positions.bytesBehind({ replayed: 250n, lastReplayedCommitAt: null })).toBe(150);
  });

  it('takes the last replayed commit when it is the tighter bound (a busy primary)', () => {
    const positions = new PrimaryPositions(60_000);
    positions.record(at(0), 100n);
    positions.record(at(10), 900n);
    expect(positions.lagSeconds({ replayed: 850n, lastReplayedCommitAt: at(9.8) }, at(10))).toBeCloseTo(
      0.2,
      5,
    );
  });

  it('keeps about keepMs of samples, and dates a replica behind all of them to the oldest', () => {
    const positions = new PrimaryPositions(5_000);
    for (let second = 0; second <= 20; second += 1) positions.record(at(second), BigInt(1000 + second * 100));
    expect(positions.lagSeconds({ replayed: 0n, lastReplayedCommitAt: null }, at(20))).toBeLessThanOrEqual(6);
    expect(positions.lagSeconds({ replayed: 0n, lastReplayedCommitAt: null }, at(20))).toBeGreaterThanOrEqual(
      5,
    );
  });
});
