import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentsIcon, EvidenceIcon, LogoMark, SendIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAppInfoStore } from '../../stores/app-info-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { AccountForm, useEvidenceStore, useOpenArchive } from './welcome-slots';
import { SandboxOffer } from './sandbox-offer';
import './onboarding.css';

/** First run: no account yet. Connect one (or start the sandbox) and the app opens on Send. */
export function OnboardingView() {
  const { t } = useTranslation();
  const sandboxAvailable = useAppInfoStore((store) => store.info?.sandboxAvailable ?? false);
  const go = useNavigationStore((store) => store.go);
  const formTitleId = useId();
  const reviewEvidence = useEvidenceStore((store) => store.setOffline);
  // The desktop app asks which archive first (the system's folder dialog); a browser reviews the one its host was started with.
  const openArchive = useOpenArchive();
  const review = async () => {
    if (openArchive.available) await openArchive.run();
    reviewEvidence(true);
  };
  useDocumentTitle(t('onboarding.title'));
  // The app opens on Send when this view leaves (the first account exists). Not when the add or the
  // sandbox call answers: the host announces the account first, and a late jump would undo where the
  // user went meanwhile.
  useEffect(() => () => go('send'), [go]);
  const opened = () => undefined;

  return (
    <main className="onboarding" id="main-content" data-testid="onboarding">
      <div className="onboarding-intro">
        <div className="brand brand-large">
          <LogoMark size={36} />
          <span className="brand-name">{t('app.name')}</span>
        </div>
        <h1>{t('onboarding.title')}</h1>
        <p className="onboarding-subtitle">{t('onboarding.subtitle')}</p>
        <ul className="onboarding-points">
          <li>
            <SendIcon />
            <span>{t('onboarding.pointSend')}</span>
          </li>
          <li>
            <DocumentsIcon />
            <span>{t('onboarding.pointTrack')}</span>
          </li>
          <li>
            <EvidenceIcon />
            <span>{t('onboarding.pointEvidence')}</span>
          </li>
        </ul>
      </div>
      <div className="onboarding-main">
        <div className="onboarding-column">
          <section className="card onboarding-card" aria-labelledby={formTitleId}>
            <h2 id={formTitleId}>{t('onboarding.formTitle')}</h2>
            <p className="card-description">{t('onboarding.formHelp')}</p>
            <AccountForm onSaved={opened} />
          </section>
          {/* After the form for Tab: the Evidence page with no account, from the archive folder alone. */}
          <p className="onboarding-review">
            {t('evidence.offline.openHint')}{' '}
            <button type="button" className="onboarding-review-link" onClick={() => void review()} data-testid="onboarding-review-evidence">
              {t('evidence.offline.open')}
            </button>
          </p>
        </div>
      </div>
      {/* After the form for Tab and screen readers; shown under the welcome, in view in any window from 1024×640 up. */}
      {sandboxAvailable ? (
        <div className="onboarding-offer">
          <SandboxOffer onStarted={opened} />
        </div>
      ) : null}
    </main>
  );
}
