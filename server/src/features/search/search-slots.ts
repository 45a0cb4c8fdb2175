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

export class SearchesInProgressError extends AppError {
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

/**
 * Turns at searching, per user: at most `atOnce` searches run, up to `waiting` more queue in
 * order, and the next is refused with SEARCHES_IN_PROGRESS (429) at once.
 */
export function createSearchSlots(
  options: { atOnce: number; waiting: number } = {
    atOnce: SEARCHES_AT_ONCE_PER_USER,
    waiting: SEARCHES_WAITING_PER_USER,
  },
) {
  const users = new Map<string, UserTurns>();

  function release(uid: string, turns: UserTurns): void {
    const next = turns.waiting.shift();
    if (next) {
      next();
      return;
    }
    turns.running -= 1;
    if (turns.running === 0) users.delete(uid);
  }

  /** Refuses, as `run` would, a user with every turn taken and no room left to wait. */
  function refuseWhenFull(uid: string): void {
    const turns = users.get(uid);
    if (turns && turns.running >= options.atOnce && turns.waiting.length >= options.waiting) {
      throw new SearchesInProgressError(turns.running + turns.waiting.length);
    }
  }

  return {
    refuseWhenFull,
    /** Runs `work` in one of the user's turns, waiting for one when all are taken. */
    async run<T>(uid: string, work: (turn: Turn) => Promise<T>): Promise<T> {
      refuseWhenFull(uid);
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
    /** Searches running now, all users together (for tests and metrics). */
    running: (): number => [...users.values()].reduce((sum, turns) => sum + turns.running, 0),
  };
}

export type SearchSlots = ReturnType<typeof createSearchSlots>;
