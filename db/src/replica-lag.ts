/**
 * How far a streaming replica is behind its primary, in bytes of WAL and in seconds. Postgres
 * reports positions (LSNs), not ages: the age is read off a short history of the primary's
 * position, sampled at each health check, and the time of the last commit the replica replayed.
 */

/** A WAL position as Postgres prints it (`16/B374D848`), as a number of bytes. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) throw new Error(`Not a WAL position: "${text}"`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

interface Sample {
  at: number;
  lsn: bigint;
}

/** What a replica's health check read from it. */
export interface ReplicaPosition {
  /** The last WAL position it replayed (what its readers see). */
  replayed: bigint;
  /** When the last transaction it replayed committed on the primary (ms since epoch); null before any. */
  lastReplayedCommitAt: number | null;
}

/**
 * The primary's WAL position over the last `keepMs`, one sample per health check. A replica
 * that replayed up to position L shows the primary as it was when the primary was last at or
 * below L; its lag is the time since then (0 when it has replayed the newest sample).
 */
export class PrimaryPositions {
  private readonly samples: Sample[] = [];

  constructor(private readonly keepMs: number) {}

  record(at: number, lsn: bigint): void {
    this.samples.push({ at, lsn });
    while (this.samples.length > 2 && this.samples[1]!.at < at - this.keepMs) this.samples.shift();
  }

  /** The newest sample's position; undefined before the first. */
  get newest(): bigint | undefined {
    return this.samples.at(-1)?.lsn;
  }

  /** Bytes of WAL the primary has written that the replica has not replayed (0 when caught up). */
  bytesBehind(position: ReplicaPosition): number {
    const newest = this.newest;
    return newest === undefined || position.replayed >= newest ? 0 : Number(newest - position.replayed);
  }

  /**
   * Seconds the replica's view is behind the primary's, at `now`: an upper bound within one
   * check interval, tightened by the replayed commit's time when the primary was busy (after a
   * quiet spell that time is old, and the samples bound it instead).
   */
  lagSeconds(position: ReplicaPosition, now: number): number {
    const newest = this.samples.at(-1);
    if (!newest || position.replayed >= newest.lsn) return 0;
    let lastAtOrBelow: Sample | undefined;
    for (const sample of this.samples) {
      if (sample.lsn <= position.replayed) lastAtOrBelow = sample;
      else break;
    }
    // Behind every sample kept: at least as old as the oldest one.
    const sinceSample = now - (lastAtOrBelow ?? this.samples[0]!).at;
    const sinceCommit =
      position.lastReplayedCommitAt === null ? Infinity : now - position.lastReplayedCommitAt;
    return Math.max(0, Math.min(sinceSample, sinceCommit)) / 1000;
  }
}
