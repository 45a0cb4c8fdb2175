import { describe, expect, it } from 'vitest';
import { createSearchSlots, SearchesInProgressError } from './search-slots.js';

/** A promise and the function that settles it, for work that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("a user's turns at searching", () => {
  it('runs two at once, queues four in order, refuses the next, and leaves other users alone', async () => {
    const slots = createSearchSlots({ atOnce: 2, waiting: 4, refusalPauseMs: 0 });
    const gates = Array.from({ length: 6 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, n) =>
      slots.run('abuser', async () => {
        started.push(n);
        await g.opened;
        return n;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.running()).toBe(2);
    await expect(slots.run('abuser', async () => 'seventh')).rejects.toBeInstanceOf(SearchesInProgressError);
    // Another user searches at once.
    await expect(slots.run('someone-else', async () => 'theirs')).resolves.toBe('theirs');

    gates[1]!.open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(slots.running()).toBe(0);
  });

  it('gives the turn back when the work fails', async () => {
    const slots = createSearchSlots({ atOnce: 1, waiting: 0, refusalPauseMs: 0 });
    await expect(
      slots.run('u', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(slots.run('u', async () => 'again')).resolves.toBe('again');
    expect(slots.running()).toBe(0);
  });

  it('says why it refuses, with a 429 code', async () => {
    const slots = createSearchSlots({ atOnce: 1, waiting: 0, refusalPauseMs: 0 });
    const held = gate();
    const first = slots.run('u', () => held.opened);
    const refused = await slots.run('u', async () => undefined).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'SEARCHES_IN_PROGRESS',
      message:
        'You already have 1 search running or waiting. Please wait for one to finish, then search again.',
    });
    held.open();
    await first;
  });
});

describe('crowded turns (ADR 0123)', () => {
  it("says a search is crowded when the user's others run or wait beside it", async () => {
    const slots = createSearchSlots({ atOnce: 2, waiting: 4, refusalPauseMs: 0 });
    const seen: boolean[] = [];
    const first = gate();
    const second = gate();
    const runs = [
      slots.run('u', async (turn) => {
        seen.push(turn.crowded);
        await first.opened;
      }),
      slots.run('u', async (turn) => {
        seen.push(turn.crowded);
        await second.opened;
      }),
      // Queued: handed the first's turn while the second still runs.
      slots.run('u', async (turn) => {
        seen.push(turn.crowded);
      }),
    ];
    await Promise.resolve();
    expect(seen).toEqual([false, true]);
    first.open();
    await runs[2];
    expect(seen).toEqual([false, true, true]);
    second.open();
    await Promise.all(runs);
    // Alone again: not crowded.
    await slots.run('u', async (turn) => seen.push(turn.crowded));
    expect(seen).toEqual([false, true, true, false]);
  });

  it('refuses, without running anything, only a user whose turns and queue are full', async () => {
    const slots = createSearchSlots({ atOnce: 1, waiting: 1, refusalPauseMs: 0 });
    await expect(slots.refuseWhenFull('u')).resolves.toBeUndefined();
    const held = gate();
    const running = slots.run('u', () => held.opened);
    await expect(slots.refuseWhenFull('u')).resolves.toBeUndefined();
    const waiting = slots.run('u', async () => undefined);
    await expect(slots.refuseWhenFull('u')).rejects.toBeInstanceOf(SearchesInProgressError);
    await expect(slots.refuseWhenFull('someone-else')).resolves.toBeUndefined();
    held.open();
    await Promise.all([running, waiting]);
    await expect(slots.refuseWhenFull('u')).resolves.toBeUndefined();
  });
});

describe("a refusal's pause (ADR 0126)", () => {
  it('answers a refusal only after its pause, asking the caller to retry after a second', async () => {
    const slots = createSearchSlots({ atOnce: 1, waiting: 0, refusalPauseMs: 300 });
    const held = gate();
    const running = slots.run('u', () => held.opened);
    const started = performance.now();
    const refused = await slots.run('u', async () => 'never').catch((error: unknown) => error);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(refused).toBeInstanceOf(SearchesInProgressError);
    expect((refused as SearchesInProgressError).retryAfterSeconds).toBe(1);
    expect(slots.pausedRefusals()).toBe(0);
    held.open();
    await running;
  });

  it('answers at once the refusals beyond the ones already waiting out their pause', async () => {
    const slots = createSearchSlots({
      atOnce: 1,
      waiting: 0,
      refusalPauseMs: 60_000,
      pausedRefusalsAtMost: 1,
    });
    const held = gate();
    const running = slots.run('u', () => held.opened);
    let pausedSettled = false;
    const paused = slots.refuseWhenFull('u').finally(() => (pausedSettled = true));
    paused.catch(() => undefined);
    expect(slots.pausedRefusals()).toBe(1);
    // The cap is reached: the next refusal does not wait (a minute here).
    await expect(slots.refuseWhenFull('u')).rejects.toBeInstanceOf(SearchesInProgressError);
    expect(pausedSettled).toBe(false);
    held.open();
    await running;
  });
});
