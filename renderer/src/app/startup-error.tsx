import { useTranslation } from 'react-i18next';
import { isAppError } from '../../../shared';
import { Button } from '../components/button';
import { ErrorNotice } from '../components/error-notice';
import { StatusScreen } from './status-screen';

/** The first load failed. A refused session token, or a host that could not prove it is this link's, gets its own explanation. */
export function StartupError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  const sessionRejected = isAppError(error) && (error.code === 'sessionRejected' || error.code === 'hostNotProven');
  return (
    <StatusScreen testId="startup-error">
      <h1>{sessionRejected ? t('session.rejectedTitle') : t('startup.failedTitle')}</h1>
      {sessionRejected ? <p>{t('session.rejectedBody')}</p> : <ErrorNotice error={error} />}
      <div className="status-actions">
        <Button variant="primary" onClick={onRetry}>
          {t('startup.retry')}
        </Button>
      </div>
    </StatusScreen>
  );
}
