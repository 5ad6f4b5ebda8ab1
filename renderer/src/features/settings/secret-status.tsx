import { useTranslation } from 'react-i18next';
import type { WebhookState } from '../../../../shared';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { Tag } from '../../components/tag';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';

/** Whether a webhook secret is set (never the secret itself), and a way to remove it. */
export function SecretStatus({ configured, onStored }: { configured: boolean; onStored(state: WebhookState): void }) {
  const { t } = useTranslation();
  const client = useClient();
  const remove = useAction(async () => {
    const stored = await client.call('webhooks.configure', { hmacSecret: null });
    onStored(stored);
    return stored;
  });
  return (
    <div className="secret-status" role="status" aria-live="polite">
      <div className="secret-status-line">
        <span className="secret-status-label">{t('settings.webhooks.secretCurrent')}</span>
        <Tag tone={configured ? 'success' : 'neutral'} testId="secret-state">
          {configured ? t('settings.webhooks.secretSet') : t('settings.webhooks.secretNotSet')}
        </Tag>
        {configured ? (
          <Button size="sm" variant="danger-quiet" busy={remove.pending} onClick={() => void remove.run()} data-testid="remove-secret">
            {remove.pending ? t('settings.webhooks.removingSecret') : t('settings.webhooks.removeSecret')}
          </Button>
        ) : null}
      </div>
      {remove.result && !configured ? (
        <Notice tone="info">
          <p>{t('settings.webhooks.secretRemoved')}</p>
        </Notice>
      ) : null}
      {remove.error ? <ErrorNotice error={remove.error} /> : null}
    </div>
  );
}
