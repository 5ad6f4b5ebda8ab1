import { useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { resolveLanguage } from '../i18n/i18n';
import { applyTheme } from '../lib/theme';
import { writeUiCache } from '../lib/ui-cache';
import { useSettingsStore } from '../stores/settings-store';

/** Puts the settings into effect: UI language and <html lang>, and the theme on <html data-theme>. */
export function useApplyPreferences(i18n: I18n): void {
  const language = useSettingsStore((store) => store.settings.language);
  const theme = useSettingsStore((store) => store.settings.theme);

  useEffect(() => applyTheme(theme), [theme]);

  useEffect(() => {
    const apply = () => {
      const resolved = resolveLanguage(language, navigator.language);
      document.documentElement.lang = resolved;
      if (i18n.language !== resolved) void i18n.changeLanguage(resolved);
    };
    apply();
    if (language !== 'system') return undefined;
    window.addEventListener('languagechange', apply);
    return () => window.removeEventListener('languagechange', apply);
  }, [language, i18n]);

  useEffect(() => {
    writeUiCache({ language: language === 'system' ? null : language, theme });
  }, [language, theme]);
}
