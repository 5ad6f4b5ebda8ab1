import { create } from 'zustand';
import { defaultSettings, type Settings } from '../../../shared';

interface SettingsStore {
  settings: Settings;
  setSettings(settings: Settings): void;
}

/** Settings as last told by the host (`settings.get`, `settings.update`, `settings.changed`). */
export const useSettingsStore = create<SettingsStore>()((set) => ({
  settings: defaultSettings,
  setSettings: (settings) => set({ settings }),
}));
