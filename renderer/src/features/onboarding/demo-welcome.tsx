import { useEffect, useId, useRef, useState } from 'react';
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
 * Above the first page after "Try the sandbox", until closed or until the person goes to another page
 * (then it is not shown again for that account): what the demo holds (a practice
 * service on this computer with sample documents in every state; nothing reaches anyone), that its
 * signers sign by themselves about 20 seconds after they are invited, and what to try, with a way to
 * its documents.
 */
export function DemoWelcome() {
  const { t } = useTranslation();
  const titleId = useId();
  const account = useAccountsStore(selectSelectedAccount);
  const go = useNavigationStore((store) => store.go);
  const view = useNavigationStore((store) => store.view);
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const firstView = useRef(view);
  const shown = account?.demo === true && !closed.has(account.id) && !closedBefore(account.id);
  const close = (accountId: string) => {
    try {
      localStorage.setItem(storageKey(accountId), '1');
    } catch {
      // Storage disabled: closed for this page only.
    }
    setClosed((before) => new Set([...before, accountId]));
  };
  useEffect(() => {
    if (!shown || !account) firstView.current = view;
    else if (view !== firstView.current) close(account.id);
  }, [shown, account, view]);
  if (!shown) return null;
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
        <Button size="sm" variant="ghost" onClick={() => close(account.id)} data-testid="demo-welcome-close">
          {t('onboarding.demo.close')}
        </Button>
      </div>
    </section>
  );
}
