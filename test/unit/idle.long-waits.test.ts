import { afterEach, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../electron/core/api/clock';
import { Limiter } from '../../electron/core/api/limiter';
import { RefreshScheduler } from '../../electron/core/sync/refresh-scheduler';
import { systemTimers, type Timers } from '../../electron/core/sync/timers';
import { ScriptedRefresher } from '../integration/fixtures/webhook-helpers';

// Node ends a timer longer than about 24.8 days (2^31 - 1 ms) after 1 ms. A loop that sleeps until
// a far time (a Retry-After of weeks, a re-read due after a read stamped in the future) then wakes
// a thousand times a second. These tests watch such loops for a tenth of a second, with real timers,
// and count how often they woke.

const DAY = 86_400_000;
const WINDOW_MS = 100;
const windowEnds = (): Promise<'window'> => new Promise((resolve) => setTimeout(() => resolve('window'), WINDOW_MS));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('waits longer than Node’s longest timer', () => {
  it('systemClock.sleep of 50 days does not end early, and still ends when aborted', async () => {
    const abort = new AbortController();
    const sleeping = systemClock.sleep(50 * DAY, abort.signal).then(() => 'slept' as const);
    sleeping.catch(() => undefined);
    expect(await Promise.race([sleeping, windowEnds()])).toBe('window');
    abort.abort(new Error('stop'));
    await expect(sleeping).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('systemTimers.setTimeout of 50 days does not fire early, and can be cleared', async () => {
    let fired = 0;
    const handle = systemTimers.setTimeout(() => (fired += 1), 50 * DAY);
    await windowEnds();
    systemTimers.clearTimeout(handle);
    expect(fired).toBe(0);
  });

  it('a limiter paused by a Retry-After of 50 days sleeps once, not a thousand times a second', async () => {
    const quiet = new AbortController();
    cleanups.push(() => quiet.abort());
    let sleeps = 0;
    const clock: Clock = {
      now: () => systemClock.now(),
      sleep: (ms) => {
        sleeps += 1;
        // At the end of the test the limiter's loop is left waiting forever (it holds no timer).
        return systemClock.sleep(ms, quiet.signal).catch(() => new Promise<void>(() => undefined));
      },
    };
    const limiter = new Limiter({}, { clock });
    limiter.pause(50 * DAY);
    const cancel = new AbortController();
    const waiting = limiter.acquire(cancel.signal);
    waiting.catch(() => undefined);
    await windowEnds();
    expect(sleeps).toBeLessThanOrEqual(1);
    cancel.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });

  it('a document last read "in the future" (the clock was put back) is due within the schedule, and the scheduler does not spin', async () => {
    let timers = 0;
    const counting: Timers = {
      now: () => systemTimers.now(),
      setTimeout: (callback, ms) => {
        timers += 1;
        return systemTimers.setTimeout(callback, ms);
      },
      clearTimeout: (handle) => systemTimers.clearTimeout(handle),
    };
    const refresher = new ScriptedRefresher();
    const scheduler = new RefreshScheduler({ refresher, timers: counting, random: () => 0.5 });
    cleanups.push(() => scheduler.stop());
    const now = Date.now();
    scheduler.watch('acc-1', [{ documentId: 'A', status: 'PE', createdMs: now - DAY, readAt: now + 365 * DAY }]);
    const schedule = scheduler.scheduleOf('acc-1', 'A');
    expect(schedule?.dueAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    await windowEnds();
    expect(timers).toBeLessThanOrEqual(1);
    expect(refresher.calls).toEqual([]);
  });
});
