import { useTranslation } from 'react-i18next';
import { ProgressNote } from '../components/progress-note';
import { useConnectionStore } from '../stores/connection-store';

/** Shown while the live event stream is down and reconnecting. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionStore((store) => store.state);
  return (
    <div className="connection-banner-slot" role="status" aria-live="polite">
      {state === 'reconnecting' ? (
        <div className="connection-banner" data-testid="connection-banner">
          <ProgressNote text={t('connection.reconnecting')} />
        </div>
      ) : null}
    </div>
  );
}
