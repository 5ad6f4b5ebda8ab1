import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TunnelStatus } from '../../../../shared';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';

type HostKey = NonNullable<TunnelStatus['hostKey']>;

/**
 * First contact with the organisation's SSH server: its key's fingerprint shown plainly, to check
 * with the IT department, then Trust (pinned from now on) or Cancel (the tunnel stops). Focus moves to
 * the question when it appears, never to Trust, so a stray Enter cannot confirm.
 */
export function HostKeyConfirm({
  hostKey,
  trusting,
  cancelling,
  error,
  onTrust,
  onCancel,
}: {
  hostKey: HostKey;
  trusting: boolean;
  cancelling: boolean;
  error: unknown;
  onTrust(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [hostKey.fingerprint]);
  const host = hostKey.port === 22 ? hostKey.host : `${hostKey.host}:${hostKey.port}`;
  return (
    <section className="host-key" aria-labelledby={titleId} data-testid="host-key-confirm">
      <h3 id={titleId} ref={title} tabIndex={-1}>
        {t('tunnel.hostKey.title')}
      </h3>
      <p>{t('tunnel.hostKey.body', { host })}</p>
      <p className="host-key-fingerprint">
        <span className="host-key-type">{hostKey.keyType}</span>
        <code data-testid="host-key-fingerprint">{hostKey.fingerprint}</code>
      </p>
      <p className="fact-hint">{t('tunnel.hostKey.ask')}</p>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="host-key-actions">
        <Button onClick={onCancel} busy={cancelling} data-testid="host-key-cancel">
          {t('tunnel.hostKey.cancel')}
        </Button>
        <Button variant="primary" onClick={onTrust} busy={trusting} data-testid="host-key-trust">
          {trusting ? t('tunnel.hostKey.trusting') : t('tunnel.hostKey.trust')}
        </Button>
      </div>
    </section>
  );
}
