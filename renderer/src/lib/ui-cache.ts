import type { Settings } from '../../../shared';
import { uiLanguages, type UiLanguage } from '../i18n/i18n';

const KEY = 'signdock.ui';

/** Last language and theme shown, so the first paint matches the settings before the host answers. */
export interface UiCache {
  language: UiLanguage | null;
  theme: Settings['theme'];
}

export function readUiCache(): UiCache {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (raw && typeof raw === 'object') {
      const { language, theme } = raw as Record<string, unknown>;
      return {
        language: uiLanguages.find((l) => l === language) ?? null,
        theme: theme === 'light' || theme === 'dark' ? theme : 'system',
      };
    }
  } catch {
    // Storage disabled or garbled: start from the defaults.
  }
  return { language: null, theme: 'system' };
}

export function writeUiCache(cache: UiCache): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(cache));
  } catch {
    // Only a first-paint nicety; nothing to do.
  }
}
