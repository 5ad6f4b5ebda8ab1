import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { selectSelectedAccount, useAccountsStore } from '../../stores/accounts-store';
import { useNavigationStore } from '../../stores/navigation-store';
import './onboarding.css';

const storageKey = (accountId: string) => `signdock.demoWelcomeClosed.${accountId}`;

function closedBefore(accountId: string): boolean {
  try {
    return localStorage.getItem(storageKey(accountId)) === '1';
  } catch {
    return false;
  }
}

/**
 * Above every page while the demo account is in use, until closed: what the demo holds (a practice
 * service on this computer with sample documents in every state; nothing reaches anyone), that its
 * signers sign by themselves about 20 seconds after they are invited, and what to try, with a way to
 * its documents.
 */
export function DemoWelcome() {
  const { t } = useTranslation();
  const titleId = useId();
  const account = useAccountsStore(selectSelectedAccount);
  const go = useNavigationStore((store) => store.go);
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  if (!account?.demo || closed.has(account.id) || closedBefore(account.id)) return null;
  const close = () => {
    try {
      localStorage.setItem(storageKey(account.id), '1');
    } catch {
      // Storage disabled: closed for this page only.
    }
    setClosed(new Set([...closed, account.id]));
  };
  return (
    <section className="demo-welcome" aria-labelledby={titleId} data-testid="demo-welcome">
      <h2 id={titleId}>{t('onboarding.demo.title')}</h2>
      <p>{t('onboarding.demo.holds')}</p>
      <p>{t('onboarding.demo.signers')}</p>
      <p>{t('onboarding.demo.try')}</p>
      <div className="demo-welcome-actions">
        <Button size="sm" variant="primary" onClick={() => go('documents')} data-testid="demo-welcome-documents">
          {t('onboarding.demo.openDocuments')}
        </Button>
        <Button size="sm" variant="ghost" onClick={close} data-testid="demo-welcome-close">
          {t('onboarding.demo.close')}
        </Button>
      </div>
    </section>
  );
}
