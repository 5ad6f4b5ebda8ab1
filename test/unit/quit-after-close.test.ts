import { describe, expect, it } from 'vitest';
import { closeWithin, quitAfterClose, type CloseOutcome } from '../../electron/main/quit-after-close';

/** A close the test finishes by hand. */
function manualClose(): { close: () => Promise<void>; calls: () => number; finish: () => void; fail: () => void } {
  let calls = 0;
  let finish: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = () => reject(new Error('the database could not be closed'));
  });
  const close = (): Promise<void> => {
    calls += 1;
    return done;
  };
  return { close, calls: () => calls, finish, fail };
}

/** A will-quit event, and the app's exit as a promise. */
function quitting() {
  let prevented = 0;
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  return { event: { preventDefault: () => (prevented += 1) }, prevented: () => prevented, exit, exited: (code: number) => exited(code) };
}

const macrotask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('will-quit waits for the core to close', () => {
  it('holds the quit, exits only once the core has closed, and closes it once however often quit is asked', async () => {
    const core = manualClose();
    const quit = quitting();
    let exits = 0;
    const warnings: CloseOutcome[] = [];
    const exit = (code: number): void => {
      exits += 1;
      quit.exited(code);
    };
    const handler = quitAfterClose({ close: core.close, exit, timeoutMs: 60_000, warn: (o) => warnings.push(o) });
    handler(quit.event);
    handler(quit.event);
    expect(quit.prevented()).toBe(2);
    await macrotask();
    expect(exits).toBe(0);
    core.finish();
    expect(await quit.exit).toBe(0);
    expect(exits).toBe(1);
    expect(core.calls()).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('exits after the time limit when the core never closes, and says so', async () => {
    const core = manualClose();
    const quit = quitting();
    const warnings: CloseOutcome[] = [];
    quitAfterClose({ close: core.close, exit: quit.exited, timeoutMs: 50, warn: (o) => warnings.push(o) })(quit.event);
    expect(await quit.exit).toBe(0);
    expect(warnings).toEqual(['timed-out']);
  });

  it('exits when closing fails, and says so', async () => {
    const core = manualClose();
    const quit = quitting();
    const warnings: CloseOutcome[] = [];
    quitAfterClose({ close: core.close, exit: quit.exited, timeoutMs: 60_000, warn: (o) => warnings.push(o) })(quit.event);
    core.fail();
    expect(await quit.exit).toBe(0);
    expect(warnings).toEqual(['failed']);
  });

  it('closeWithin answers how the close went and leaves no timer behind', async () => {
    const timers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    expect(await closeWithin(async () => undefined, 60_000)).toBe('closed');
    expect(await closeWithin(() => Promise.reject(new Error('x')), 60_000)).toBe('failed');
    expect(timers()).toBe(before);
    expect(await closeWithin(() => new Promise(() => undefined), 10)).toBe('timed-out');
  });
});
