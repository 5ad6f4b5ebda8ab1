import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Settings } from '../../../shared';
import { en, type Catalog } from './en';
import { es } from './es';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

export const uiLanguages = ['en', 'es'] as const;
export type UiLanguage = (typeof uiLanguages)[number];

/** 'system' follows the browser's language: any Spanish variant gets Spanish, everything else English. */
export function resolveLanguage(setting: Settings['language'], systemLanguage: string): UiLanguage {
  if (setting !== 'system') return setting;
  return systemLanguage.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** One i18next instance for the app, handed to React through `I18nextProvider`. */
export function createI18n(language: UiLanguage): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...uiLanguages],
    // `log`: where the host's log is, for errors that do not say (the host's own errors give the full path).
    interpolation: { escapeValue: false, defaultVariables: { log: 'logs/signdock.log' } },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
