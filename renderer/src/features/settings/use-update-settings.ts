import type { SettingsPatch } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { useSettingsStore } from '../../stores/settings-store';

/**
 * Changes go to the host one after another, in the order they were made: two quick changes (a number,
 * then another) sent side by side could be applied by the host in the other order, the older one last.
 */
let queue: Promise<unknown> = Promise.resolve();
/** Changes made and not yet answered: only the answer to the last one replaces what is shown. */
let waiting = 0;

/** Applies a change at once (the choice shows immediately), then keeps what the host stored; undoes it on failure. */
export function useUpdateSettings() {
  const client = useClient();
  return useAction(async (patch: SettingsPatch) => {
    const { settings, setSettings } = useSettingsStore.getState();
    setSettings({ ...settings, ...patch });
    waiting += 1;
    const sent = queue.then(() => client.call('settings.update', patch));
    queue = sent.catch(() => undefined);
    try {
      const stored = await sent;
      if (waiting === 1) setSettings(stored);
      return stored;
    } catch (error) {
      setSettings(settings);
      throw error;
    } finally {
      waiting -= 1;
    }
  });
}
