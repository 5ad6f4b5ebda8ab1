// Idle costs nothing (issue 33): once the app core reports idle (`core.whenIdle()`), none of its code
// holds a timer that would wake it within a minute or again and again: no look every few seconds for
// other processes' jobs, no reminder timer while no account has automatic reminders on. Timers are
// followed with async_hooks from their creation to their end.
import { createHook } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { tempFolder } from '../helpers/temp-folder';

const folder = tempFolder('signdock-idle-timers-');
afterAll(() => folder.remove());

interface TimerObject {
  _idleTimeout: number;
  _repeat: number | null;
  _destroyed: boolean;
}

/**
 * The timers the app's own code armed (by the stack at their creation) that are alive now and would wake
 * the process within a minute, or again and again (setInterval). One timer for a due time far ahead (the
 * evidence re-check's) is how a schedule should sleep, and is not listed.
 */
function followTimers(): { soon: () => string[]; stop: () => void } {
  const armed = new Map<number, { where: string; timer: TimerObject; dueAt: number }>();
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type !== 'Timeout') return;
      const ours = (new Error().stack ?? '').split('\n').find((line) => line.includes('/electron/core/'));
      const timer = resource as TimerObject;
      if (ours) armed.set(id, { where: ours.trim(), timer, dueAt: performance.now() + timer._idleTimeout });
    },
    destroy: (id) => void armed.delete(id),
  });
  hook.enable();
  const soon = () =>
    [...armed.values()]
      .filter(({ timer, dueAt }) => !timer._destroyed && (timer._repeat !== null || dueAt - performance.now() < 60_000))
      .map(({ where, timer }) => `${where} (${timer._repeat !== null ? 'every' : 'in'} ${timer._idleTimeout} ms)`);
  return { soon, stop: () => hook.disable() };
}

describe('an idle app core', () => {
  it('holds no timer once it reports idle, and a CLI writing a job to the database wakes it', async () => {
    const timers = followTimers();
    const core = createCore({ dataFolder: folder.path, hostKind: 'web', version: 'test', secrets: new MemorySecretStore() });
    try {
      await core.startBackground();
      const idle = await core.whenIdle();
      expect(idle.settled).toBe(true);
      expect(timers.soon()).toEqual([]);

      // Another process writes to the database: the core looks (one look, for the jobs it may have left), then sleeps again.
      const looked = new Promise<void>((resolve) => {
        const resume = core.jobs.resumeInterrupted.bind(core.jobs);
        core.jobs.resumeInterrupted = () => {
          resume();
          resolve();
        };
      });
      const script = `const D = require('better-sqlite3'); const db = new D(process.argv[1]); db.exec("INSERT INTO settings (key, value) VALUES ('idle-test', '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value"); db.close();`;
      const writer = spawn(process.execPath, ['-e', script, core.db.name], { stdio: 'inherit' });
      expect(await new Promise((resolve) => writer.on('exit', resolve))).toBe(0);
      await looked;
      await core.whenIdle();
      expect(timers.soon()).toEqual([]);
    } finally {
      timers.stop();
      await core.close();
    }
  }, 60_000);
});
