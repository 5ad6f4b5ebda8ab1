import type { SettingsPatch } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { useSettingsStore } from '../../stores/settings-store';

/** Applies a change at once (the choice shows immediately), then keeps what the host stored; undoes it on failure. */
export function useUpdateSettings() {
  const client = useClient();
  return useAction(async (patch: SettingsPatch) => {
    const { settings, setSettings } = useSettingsStore.getState();
    setSettings({ ...settings, ...patch });
    try {
      const stored = await client.call('settings.update', patch);
      setSettings(stored);
      return stored;
    } catch (error) {
      setSettings(settings);
      throw error;
    }
  });
}
