import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { LogoMark } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEvidenceStore } from './evidence-store';
import { EvidenceView } from './evidence-view';

/**
 * The Evidence page with no account (offered by the welcome screen): the archive reviewed from its
 * bags alone, no network and no key. "Back" returns to the welcome screen to connect an account.
 */
export function OfflineReview() {
  const { t } = useTranslation();
  const setOffline = useEvidenceStore((store) => store.setOffline);
  useDocumentTitle(t('app.documentTitle', { view: t('nav.evidence') }));
  return (
    <div className="offline-review" data-testid="offline-review">
      <header className="offline-review-bar">
        <span className="brand">
          <LogoMark />
          <span className="brand-name">{t('app.name')}</span>
        </span>
        <span className="cell-sub">{t('evidence.offline.note')}</span>
        <Button size="sm" variant="ghost" onClick={() => setOffline(false)} data-testid="offline-back">
          {t('evidence.offline.back')}
        </Button>
      </header>
      <main className="main" id="main-content" tabIndex={-1}>
        <div className="view" data-testid="view-evidence">
          <EvidenceView />
        </div>
      </main>
    </div>
  );
}
