import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PlusIcon } from '../../components/icons';
import { SectionCard } from '../../components/section-card';
import { useAccountsStore } from '../../stores/accounts-store';
import { AccountForm } from './account-slots';
import { AccountRow } from './account-row';
import { RemoveAccountDialog } from './remove-account-dialog';

export function AccountsSection() {
  const { t } = useTranslation();
  const accounts = useAccountsStore((store) => store.accounts);
  const selectedId = useAccountsStore((store) => store.selectedId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Account | null>(null);

  return (
    <SectionCard
      title={t('settings.accounts.title')}
      description={t('settings.accounts.description')}
      testId="settings-accounts"
      actions={
        <Button icon={<PlusIcon />} onClick={() => setAdding(true)} data-testid="add-account">
          {t('settings.accounts.add')}
        </Button>
      }
    >
      <ul className="account-list" aria-label={t('settings.accounts.listLabel')}>
        {accounts.map((account) => (
          <AccountRow key={account.id} account={account} selected={account.id === selectedId} onRemove={() => setRemoving(account)} />
        ))}
      </ul>
      <Dialog open={adding} title={t('settings.accounts.addTitle')} onClose={() => setAdding(false)} testId="add-account-dialog">
        <AccountForm onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Dialog>
      <RemoveAccountDialog account={removing} onClose={() => setRemoving(null)} />
    </SectionCard>
  );
}
