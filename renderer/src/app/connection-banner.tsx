import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressNote } from '../components/progress-note';
import { useConnectionStore } from '../stores/connection-store';

/** After this long without the host, the banner also says what to do if it came back elsewhere. */
const LONG_MS = 30_000;

/**
 * Shown while the live event stream is down and reconnecting (it reconnects by itself when the host
 * comes back at the same address); after 30 s it adds what to do if the host was started at another one.
 * When what answers at the address cannot prove it is this tab's host, it says so, and that nothing was sent.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionStore((store) => store.state);
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (state !== 'reconnecting') return;
    const timer = window.setTimeout(() => setLong(true), LONG_MS);
    return () => {
      window.clearTimeout(timer);
      setLong(false);
    };
  }, [state]);
  return (
    <div className="connection-banner-slot" role="status" aria-live="polite">
      {state === 'unproven' ? (
        <div className="connection-banner" data-testid="connection-banner-unproven">
          <p>{t('connection.unproven')}</p>
        </div>
      ) : null}
      {state === 'reconnecting' ? (
        <div className="connection-banner" data-testid="connection-banner">
          <ProgressNote text={t('connection.reconnecting')} />
          {long ? <p data-testid="connection-banner-hint">{t('connection.stillDown')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
