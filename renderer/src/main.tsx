import './lib/zod-no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/app';
import { NoTokenScreen } from './app/no-token-screen';
import { connectBridge } from './bridge/connect-bridge';
import { reloadWhenTokenArrives } from './bridge/session-token';
import { createI18n, resolveLanguage } from './i18n/i18n';
import { applyTheme } from './lib/theme';
import { readUiCache } from './lib/ui-cache';
import { useSettingsStore } from './stores/settings-store';
import { defaultSettings } from '../../shared/domain/settings';
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';
import './styles/feedback.css';
import './styles/layout.css';
import './styles/menu-dialog.css';
import './styles/data.css';
import './styles/actions.css';

// First paint in the language and theme last used; the host's settings take over once loaded.
const cache = readUiCache();
const languageSetting = cache.language ?? 'system';
useSettingsStore.getState().setSettings({ ...defaultSettings, language: languageSetting, theme: cache.theme });
const language = resolveLanguage(languageSetting, navigator.language);
document.documentElement.lang = language;
const i18n = createI18n(language);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);
const bridge = connectBridge();

if (bridge.kind === 'noToken') {
  applyTheme(cache.theme);
  reloadWhenTokenArrives();
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <NoTokenScreen />
      </I18nextProvider>
    </StrictMode>,
  );
} else {
  applyTheme(cache.theme)();
  root.render(
    <StrictMode>
      <App bridge={bridge} i18n={i18n} />
    </StrictMode>,
  );
}
