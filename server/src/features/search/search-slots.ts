import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../shared/errors.js';

/**
 * Searches one user may run at once, and how many more may wait for a turn (ADR 0112): enough
 * for a person's tabs and a results page's follow-up requests, while one user's parallel
 * expensive searches hold at most this share of the engine's connections (a search also counts
 * beside its ranking, on a second connection). Per process: several instances behind a load
 * balancer multiply it.
 */
export const SEARCHES_AT_ONCE_PER_USER = 2;
export const SEARCHES_WAITING_PER_USER = 4;
/**
 * How long a refusal waits before it is answered (ADR 0126): a client that sends its next search
 * as soon as it is refused then asks once a second rather than as fast as the server can refuse,
 * so a flood of refused requests does not take the CPU from everyone else.
 */
export const REFUSAL_PAUSE_MS = 1_000;
/** Refusals held in their pause at most, all users together; beyond, they are answered at once. */
export const PAUSED_REFUSALS_AT_MOST = 1_000;

export class SearchesInProgressError extends AppError {
  override readonly retryAfterSeconds = 1;

  constructor(pending: number) {
    super(
      'SEARCHES_IN_PROGRESS',
      `You already have ${pending} ${pending === 1 ? 'search' : 'searches'} running or waiting. Please wait for one to finish, then search again.`,
    );
  }
}

interface UserTurns {
  running: number;
  waiting: Array<() => void>;
}

/**
 * A turn as it starts: `crowded` when the user has another search running or waiting beside it
 * (a second tab, a script's parallel requests); such a search yields the CPU (ADR 0123).
 */
export interface Turn {
  crowded: boolean;
}

export interface SearchSlotsOptions {
  atOnce: number;
  waiting: number;
  refusalPauseMs: number;
  pausedRefusalsAtMost: number;
}

export interface SearchSlots {
  /** Refuses, as `run` would, a user with every turn taken and no room left to wait. */
  refuseWhenFull(uid: string): Promise<void>;
  /** Runs `work` in one of the user's turns, waiting for one when all are taken. */
  run<T>(uid: string, work: (turn: Turn) => Promise<T>): Promise<T>;
  /** Searches running now, all users together (for tests and metrics). */
  running(): number;
  /** Refusals waiting out their pause now (for tests). */
  pausedRefusals(): number;
}

/**
 * Turns at searching, per user: at most `atOnce` searches run, up to `waiting` more queue in
 * order, and the next is refused with SEARCHES_IN_PROGRESS (429) after `refusalPauseMs`.
 */
export function createSearchSlots(overrides: Partial<SearchSlotsOptions> = {}): SearchSlots {
  const options: SearchSlotsOptions = {
    atOnce: SEARCHES_AT_ONCE_PER_USER,
    waiting: SEARCHES_WAITING_PER_USER,
    refusalPauseMs: REFUSAL_PAUSE_MS,
    pausedRefusalsAtMost: PAUSED_REFUSALS_AT_MOST,
    ...overrides,
  };
  const users = new Map<string, UserTurns>();
  let pausedRefusals = 0;

  function release(uid: string, turns: UserTurns): void {
    const next = turns.waiting.shift();
    if (next) {
      next();
      return;
    }
    turns.running -= 1;
    if (turns.running === 0) users.delete(uid);
  }

  /** How many of the user's searches run or wait, when every turn is taken and the queue full. */
  function pendingWhenFull(uid: string): number | undefined {
    const turns = users.get(uid);
    return turns && turns.running >= options.atOnce && turns.waiting.length >= options.waiting
      ? turns.running + turns.waiting.length
      : undefined;
  }

  /** The refusal, answered after its pause (unless too many wait in theirs already). */
  async function refuse(pending: number): Promise<never> {
    if (options.refusalPauseMs > 0 && pausedRefusals < options.pausedRefusalsAtMost) {
      pausedRefusals += 1;
      try {
        // Unreferenced: a refusal in its pause never holds up the process's shutdown.
        await sleep(options.refusalPauseMs, undefined, { ref: false });
      } finally {
        pausedRefusals -= 1;
      }
    }
    throw new SearchesInProgressError(pending);
  }

  return {
    async refuseWhenFull(uid: string): Promise<void> {
      const pending = pendingWhenFull(uid);
      if (pending !== undefined) await refuse(pending);
    },
    async run<T>(uid: string, work: (turn: Turn) => Promise<T>): Promise<T> {
      const pending = pendingWhenFull(uid);
      if (pending !== undefined) return refuse(pending);
      let turns = users.get(uid);
      if (!turns) {
        turns = { running: 0, waiting: [] };
        users.set(uid, turns);
      }
      if (turns.running < options.atOnce) {
        turns.running += 1;
      } else {
        // A finished search hands its turn over directly: `running` stays as it is.
        await new Promise<void>((resolve) => turns.waiting.push(resolve));
      }
      // `running` counts this search too.
      const crowded = turns.running > 1 || turns.waiting.length > 0;
      try {
        return await work({ crowded });
      } finally {
        release(uid, turns);
      }
    },
    running: (): number => [...users.values()].reduce((sum, turns) => sum + turns.running, 0),
    pausedRefusals: (): number => pausedRefusals,
  };
}
