import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { SendIcon, SettingsIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useSelectedAccountId } from '../../stores/accounts-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { SendPage } from './send-page';
import './send.css';

/** Send: the batch of the account in use. */
export function SendView() {
  const { t } = useTranslation();
  const accountId = useSelectedAccountId();
  const go = useNavigationStore((store) => store.go);
  if (accountId === null) {
    return (
      <>
        <PageHeader title={t('send.title')} subtitle={t('send.subtitle')} />
        <EmptyState
          testId="send-no-account"
          icon={<SendIcon />}
          title={t('send.noAccountTitle')}
          body={t('send.noAccountBody')}
          action={
            <Button icon={<SettingsIcon />} onClick={() => go('settings')}>
              {t('send.goToSettings')}
            </Button>
          }
        />
      </>
    );
  }
  return <SendPage key={accountId} accountId={accountId} />;
}
