import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionBanner } from './connection-banner';
import { Sidebar } from './sidebar';
import { ViewOutlet } from './view-outlet';
import { useHashRoute } from './use-hash-route';
import { DemoWelcome } from '../features/onboarding/demo-welcome';

/** The frame once an account exists: skip link, sidebar, and the main area; each page at its own `#/page` address. */
export function AppShell() {
  const { t } = useTranslation();
  useHashRoute();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById('main-content')?.focus();
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main-content" onClick={skip}>
        {t('app.skipToContent')}
      </a>
      <Sidebar />
      <main className="main" id="main-content" tabIndex={-1}>
        <ConnectionBanner />
        <DemoWelcome />
        <ViewOutlet />
      </main>
    </div>
  );
}
