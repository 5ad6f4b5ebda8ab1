import { beforeEach, describe, expect, it } from 'vitest';
import { sendSettingsChange } from '../../../renderer/src/features/settings/use-update-settings';
import { useSettingsStore } from '../../../renderer/src/stores/settings-store';
import { AppError, createContractClient, defaultSettings, type Settings, type SettingsPatch } from '../../../shared';

/**
 * Settings changes made in quick succession on the Settings page (a number, then another, before the
 * host has answered the first): every one is sent, one after another and in order; the screen shows the
 * latest at once and an older state from the host does not undo it; at the end the screen is what the
 * host stored. (An `npm test` run lost the second of two quick changes.)
 */

/** A host that answers `settings.update` only when told to, storing each patch over what it has. */
function slowHost() {
  let stored: Settings = { ...defaultSettings };
  const received: SettingsPatch[] = [];
  const waiting: (() => void)[] = [];
  const transport = {
    call: (name: string, input: unknown) =>
      new Promise<{ ok: true; value: Settings } | { ok: false; error: AppError }>((resolve) => {
        expect(name).toBe('settings.update');
        received.push(input as SettingsPatch);
        waiting.push(() => {
          if ((input as SettingsPatch).theme === 'dark') {
            resolve({ ok: false, error: new AppError({ kind: 'Internal', code: 'internal', message: 'disk full' }) });
            return;
          }
          stored = { ...stored, ...(input as SettingsPatch) };
          resolve({ ok: true, value: stored });
        });
      }),
    subscribe: () => () => undefined,
  };
  const answerNext = async () => {
    await expect.poll(() => waiting.length).toBeGreaterThan(0);
    waiting.shift()!();
  };
  return { client: createContractClient(transport), received, answerNext, stored: () => stored, waiting };
}

const remind = (maxTimes: number) => ({ autoRemind: { acct: { enabled: true, everyDays: 5, maxTimes } } });

describe('settings changed quickly, one after another', () => {
  beforeEach(() => useSettingsStore.setState({ settings: { ...defaultSettings }, localChanges: 0 }));

  it('sends every change in order, shows the latest at once, and ends on what the host stored', async () => {
    const host = slowHost();
    const first = sendSettingsChange(host.client, remind(3));
    const second = sendSettingsChange(host.client, remind(4));
    expect(useSettingsStore.getState().settings.autoRemind.acct?.maxTimes).toBe(4);
    // The second is not sent before the first is answered.
    await expect.poll(() => host.received.length).toBe(1);
    expect(host.waiting.length).toBe(1);

    // An event with the host's older state arrives meanwhile: the screen keeps the change made here.
    useSettingsStore.getState().fromHost({ ...defaultSettings });
    expect(useSettingsStore.getState().settings.autoRemind.acct?.maxTimes).toBe(4);

    await host.answerNext();
    await first;
    expect(useSettingsStore.getState().settings.autoRemind.acct?.maxTimes, 'the first answer does not undo the second change').toBe(4);
    await host.answerNext();
    await second;
    expect(host.received).toEqual([remind(3), remind(4)]);
    expect(useSettingsStore.getState().settings).toEqual(host.stored());
    expect(useSettingsStore.getState().localChanges).toBe(0);

    // Nothing waiting: the host's word is shown again.
    useSettingsStore.getState().fromHost({ ...host.stored(), language: 'es' });
    expect(useSettingsStore.getState().settings.language).toBe('es');
  });

  it('a refused change is undone on screen and its error given; the next one still goes', async () => {
    const host = slowHost();
    const refused = sendSettingsChange(host.client, { theme: 'dark' });
    const next = sendSettingsChange(host.client, { language: 'es' });
    expect(useSettingsStore.getState().settings.theme).toBe('dark');
    await host.answerNext();
    await expect(refused).rejects.toMatchObject({ message: 'disk full' });
    expect(useSettingsStore.getState().settings.theme).toBe(defaultSettings.theme);
    await host.answerNext();
    await next;
    expect(host.received).toEqual([{ theme: 'dark' }, { language: 'es' }]);
    expect(useSettingsStore.getState().settings).toEqual({ ...defaultSettings, language: 'es' });
  });
});
