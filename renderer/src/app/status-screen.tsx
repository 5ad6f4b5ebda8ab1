import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../components/icons';

/** A whole-window message (loading, no session, start-up failure), centred under the brand. */
export function StatusScreen({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <main className="status-screen" id="main-content" data-testid={testId}>
      <div className="status-card">
        <div className="brand brand-large">
          <LogoMark size={36} />
          <span className="brand-name">{t('app.name')}</span>
        </div>
        {children}
      </div>
    </main>
  );
}
