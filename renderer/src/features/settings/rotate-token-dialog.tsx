import { useTranslation } from 'react-i18next';
import type { WebhookState } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { ProgressNote } from '../../components/progress-note';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';

/** Asks before making a new secret path: the old notification address stops working. Cancel has the focus first. */
export function RotateTokenDialog({ open, onClose, onRotated }: { open: boolean; onClose(): void; onRotated(state: WebhookState): void }) {
  const { t } = useTranslation();
  const client = useClient();
  const rotate = useAction(() => client.call('webhooks.rotateToken', {}));
  const close = () => {
    rotate.reset();
    onClose();
  };
  const confirm = async () => {
    const state = await rotate.run();
    if (state) {
      onRotated(state);
      close();
    }
  };

  return (
    <Dialog open={open} size="sm" title={t('settings.webhooks.rotateDialog.title')} onClose={close} testId="rotate-token-dialog">
      <p className="dialog-text">{t('settings.webhooks.rotateDialog.body')}</p>
      <div role="status" aria-live="polite">
        {rotate.pending ? <ProgressNote text={t('settings.webhooks.rotateDialog.working')} /> : null}
      </div>
      {rotate.error ? <ErrorNotice error={rotate.error} /> : null}
      <div className="dialog-actions">
        <Button data-autofocus onClick={close} disabled={rotate.pending}>
          {t('settings.webhooks.rotateDialog.cancel')}
        </Button>
        <Button variant="danger" busy={rotate.pending} onClick={() => void confirm()} data-testid="confirm-rotate">
          {t('settings.webhooks.rotateDialog.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
