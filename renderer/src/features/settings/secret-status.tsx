import { useTranslation } from 'react-i18next';
import type { WebhookState } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { StoredSecret } from './stored-secret';

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
    <StoredSecret
      stored={configured}
      words={{
        label: t('settings.webhooks.secretCurrent'),
        stored: t('settings.webhooks.secretSet'),
        notStored: t('settings.webhooks.secretNotSet'),
        remove: t('settings.webhooks.removeSecret'),
        removing: t('settings.webhooks.removingSecret'),
        removed: t('settings.webhooks.secretRemoved'),
      }}
      remove={remove}
      testId="secret-state"
      removeTestId="remove-secret"
    />
  );
}
