import { create } from 'zustand';
import { defaultSettings, type Settings } from '../../../shared';

interface SettingsStore {
  settings: Settings;
  /** Changes made on this page that the host has not answered yet. */
  localChanges: number;
  setSettings(settings: Settings): void;
  /**
   * What the host says unasked (an event, a re-read): shown unless a change made here is still on its
   * way. An older state arriving then would undo the change on screen, and the next change would be
   * built on it; the answer to the last change brings the host's whole state anyway.
   */
  fromHost(settings: Settings): void;
}

/** Settings as last told by the host (`settings.get`, `settings.update`, `settings.changed`). */
export const useSettingsStore = create<SettingsStore>()((set, get) => ({
  settings: defaultSettings,
  localChanges: 0,
  setSettings: (settings) => set({ settings }),
  fromHost: (settings) => {
    if (get().localChanges === 0) set({ settings });
  },
}));
