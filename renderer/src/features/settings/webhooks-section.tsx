import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookState } from '../../../../shared';
import { Button } from '../../components/button';
import { CopyValue } from '../../components/copy-value';
import { KeyIcon } from '../../components/icons';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { selectSelectedAccount, useAccountsStore } from '../../stores/accounts-store';
import { LoadProblem } from '../../components/load-problem';
import { useWebhookState } from '../../lib/use-webhook-state';
import { useTunnelStatus } from '../../lib/use-tunnel-status';
import { RotateTokenDialog } from './rotate-token-dialog';
import { WebhookForm } from './webhook-form';

/** Settings → Notifications (webhooks): the listener's public address, port and secret, and the secret path. */
export function WebhooksSection() {
  const { t } = useTranslation();
  const account = useAccountsStore(selectSelectedAccount);
  if (!account) return null;
  return (
    <SectionCard title={t('settings.webhooks.title')} description={t('settings.webhooks.description')} testId="settings-webhooks">
      <WebhooksBody key={account.id} accountId={account.id} accountName={account.name} />
    </SectionCard>
  );
}

function WebhooksBody({ accountId, accountName }: { accountId: string; accountName: string }) {
  const { t } = useTranslation();
  const hooks = useWebhookState(accountId);
  const [rotating, setRotating] = useState(false);
  const [rotated, setRotated] = useState(false);
  const state = hooks.data;
  const tunnel = useTunnelStatus(accountId).data;

  if (hooks.error && !state) return <LoadProblem error={hooks.error} onRetry={hooks.reload} />;
  if (!state) return <ProgressNote text={t('settings.webhooks.loading')} />;

  const onRotated = (next: WebhookState) => {
    hooks.apply(next);
    setRotated(true);
  };
  return (
    <div className="webhooks-body">
      <WebhookForm
        state={state}
        onStored={hooks.apply}
        tunnelAddress={tunnel?.publicBaseUrl != null && tunnel.publicBaseUrl === state.publicBaseUrl}
      />
      <div className="secret-path">
        <p className="secret-path-note">{t('settings.webhooks.forAccount', { name: accountName })}</p>
        <HookUrl url={state.hookUrl} />
        <div role="status" aria-live="polite">
          {rotated ? (
            <Notice tone="success" testId="rotated-notice">
              <p>{t('settings.webhooks.rotated')}</p>
            </Notice>
          ) : null}
        </div>
        <div className="secret-path-action">
          <Button icon={<KeyIcon />} onClick={() => setRotating(true)} data-testid="rotate-token">
            {t('settings.webhooks.rotate')}
          </Button>
          <p className="fact-hint">{t('settings.webhooks.rotateHint')}</p>
        </div>
      </div>
      <RotateTokenDialog open={rotating} onClose={() => setRotating(false)} onRotated={onRotated} />
    </div>
  );
}

function HookUrl({ url }: { url: string | null }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="copy-field">
      <p className="copy-field-label" id={labelId}>
        {t('settings.webhooks.hookUrl')}
      </p>
      {url === null ? (
        <p className="copy-field-missing">{t('activity.webhook.noHookUrl')}</p>
      ) : (
        <CopyValue
          value={url}
          label={t('activity.webhook.copy')}
          copiedLabel={t('activity.webhook.copied')}
          failedLabel={t('activity.webhook.copyFailed')}
          describedBy={labelId}
          valueTestId="settings-hook-url"
        />
      )}
    </div>
  );
}
