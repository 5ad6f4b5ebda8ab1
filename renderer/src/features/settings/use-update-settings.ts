import { useState } from 'react';
import type { ContractClient, Settings, SettingsPatch } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useSettingsStore } from '../../stores/settings-store';

/**
 * Changes go to the host one after another, in the order they were made: two quick changes (a number,
 * then another) sent side by side could be applied by the host in the other order, the older one last.
 */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Applies a change at once (the choice shows immediately), sends it after the changes before it, then
 * shows what the host stored if no later change is waiting; undoes it on failure. Every change is sent,
 * however quickly it follows the last one.
 */
export async function sendSettingsChange(client: Pick<ContractClient, 'call'>, patch: SettingsPatch): Promise<Settings> {
  const before = useSettingsStore.getState().settings;
  useSettingsStore.setState((state) => ({ settings: { ...state.settings, ...patch }, localChanges: state.localChanges + 1 }));
  const sent = queue.then(() => client.call('settings.update', patch));
  queue = sent.catch(() => undefined);
  try {
    const stored = await sent;
    if (useSettingsStore.getState().localChanges === 1) useSettingsStore.getState().setSettings(stored);
    return stored;
  } catch (failure) {
    useSettingsStore.getState().setSettings(before);
    throw failure;
  } finally {
    useSettingsStore.setState((state) => ({ localChanges: state.localChanges - 1 }));
  }
}

/**
 * `sendSettingsChange` with the last failure kept for the page to show. Not the shared `useAction`: it
 * drops a second run while one is in flight, which lost the second of two quick number changes.
 */
export function useUpdateSettings() {
  const client = useClient();
  const [error, setError] = useState<unknown>(null);
  const run = (patch: SettingsPatch): Promise<Settings | undefined> =>
    sendSettingsChange(client, patch).then(
      (stored) => {
        setError(null);
        return stored;
      },
      (failure: unknown) => {
        setError(failure);
        return undefined;
      },
    );
  return { run, error };
}
