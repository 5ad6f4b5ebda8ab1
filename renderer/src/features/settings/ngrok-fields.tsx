import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TunnelSettings } from '../../../../shared';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { Tag } from '../../components/tag';
import { TextField } from '../../components/text-field';
import type { TunnelFieldBinder } from './tunnel-panel';

/**
 * ngrok: the authtoken (a password field; once stored it shows only as "Stored in the keychain", with
 * Forget — it is never read back) and the optional reserved domain.
 */
export function NgrokFields({ settings, bind, forget }: {
  settings: TunnelSettings;
  bind: TunnelFieldBinder;
  forget: { pending: boolean; error: unknown; result: unknown; run(): Promise<unknown> };
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const tokenId = useId();
  const stored = settings.ngrok.authtokenStored;
  return (
    <>
      <div className="tunnel-secret">
        <TextField
          label={t('tunnel.ngrok.authtoken')}
          hint={t('tunnel.ngrok.authtokenHint')}
          id={tokenId}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          spellCheck={false}
          placeholder={stored ? t('tunnel.ngrok.replacePlaceholder') : undefined}
          trailing={
            <button type="button" className="field-toggle" aria-controls={tokenId} onClick={() => setShown((value) => !value)}>
              {shown ? t('tunnel.ngrok.hide') : t('tunnel.ngrok.show')}
            </button>
          }
          {...bind('authtoken')}
        />
        <div className="secret-status" role="status" aria-live="polite">
          <div className="secret-status-line">
            <span className="secret-status-label">{t('tunnel.ngrok.current')}</span>
            <Tag tone={stored ? 'success' : 'neutral'} testId="authtoken-state">
              {stored ? t('tunnel.ngrok.stored') : t('tunnel.ngrok.notStored')}
            </Tag>
            {stored ? (
              <Button size="sm" variant="danger-quiet" busy={forget.pending} onClick={() => void forget.run()} data-testid="forget-authtoken">
                {forget.pending ? t('tunnel.ngrok.forgetting') : t('tunnel.ngrok.forget')}
              </Button>
            ) : null}
          </div>
          {forget.result && !stored ? (
            <Notice tone="info">
              <p>{t('tunnel.ngrok.forgotten')}</p>
            </Notice>
          ) : null}
          {forget.error ? <ErrorNotice error={forget.error} /> : null}
        </div>
      </div>
      <TextField label={t('tunnel.ngrok.domain')} hint={t('tunnel.ngrok.domainHint')} autoComplete="off" spellCheck={false} placeholder="office.ngrok.app" {...bind('domain')} />
    </>
  );
}
