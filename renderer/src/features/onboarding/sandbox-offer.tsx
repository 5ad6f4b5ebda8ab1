import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { FlaskIcon } from '../../components/icons';
import { ProgressNote } from '../../components/progress-note';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { refreshAccounts } from './welcome-slots';

/** "Try the sandbox": starts the local simulator, which adds a demo account. */
export function SandboxOffer({ onStarted }: { onStarted(): void }) {
  const { t } = useTranslation();
  const client = useClient();
  const titleId = useId();
  const start = useAction(async () => {
    await client.call('sandbox.start', {});
    await refreshAccounts(client);
    onStarted();
  });

  return (
    <section className="card sandbox-offer" aria-labelledby={titleId} data-testid="sandbox-offer">
      <div className="sandbox-text">
        <h2 id={titleId}>{t('onboarding.sandboxTitle')}</h2>
        <p>{t('onboarding.sandboxBody')}</p>
      </div>
      <Button icon={<FlaskIcon />} busy={start.pending} onClick={() => void start.run()} data-testid="sandbox-start">
        {t('onboarding.sandboxButton')}
      </Button>
      <div className="sandbox-status" role="status" aria-live="polite">
        {start.pending ? <ProgressNote text={t('onboarding.sandboxRunning')} /> : null}
        {start.error ? <ErrorNotice error={start.error} /> : null}
      </div>
    </section>
  );
}
