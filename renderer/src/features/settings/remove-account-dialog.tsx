import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { useRemoveAccount } from './account-slots';

/** Asks before forgetting an account and deleting its key. Cancel has the focus first. */
export function RemoveAccountDialog({ account, onClose }: { account: Account | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useRemoveAccount();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (account && (await remove.run(account.id))) close();
  };

  return (
    <Dialog
      open={account !== null}
      size="sm"
      title={t('settings.removeDialog.title', { name: account?.name ?? '' })}
      onClose={close}
      testId="remove-account-dialog"
    >
      <p className="dialog-text">{t('settings.removeDialog.body')}</p>
      {remove.error ? <ErrorNotice error={remove.error} /> : null}
      <div className="dialog-actions">
        <Button data-autofocus onClick={close} disabled={remove.pending}>
          {t('settings.removeDialog.cancel')}
        </Button>
        <Button variant="danger" busy={remove.pending} onClick={() => void confirm()} data-testid="confirm-remove">
          {remove.pending ? t('settings.removeDialog.removing') : t('settings.removeDialog.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
