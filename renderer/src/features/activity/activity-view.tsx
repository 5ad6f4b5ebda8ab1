import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ActivityIcon, SettingsIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useSelectedAccountId } from '../../stores/accounts-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { InboxSection } from './inbox-section';
import { SyncCard } from './sync-card';
import { WebhookCard } from './webhook-card';
import './activity.css';

/** Activity of the account in use: sync with the service, the webhook listener, and the notifications inbox. */
export function ActivityView() {
  const { t } = useTranslation();
  const accountId = useSelectedAccountId();
  const go = useNavigationStore((store) => store.go);

  return (
    <>
      <PageHeader title={t('activity.title')} subtitle={t('activity.subtitle')} />
      {accountId === null ? (
        <EmptyState
          testId="activity-no-account"
          icon={<ActivityIcon />}
          title={t('activity.noAccountTitle')}
          body={t('activity.noAccountBody')}
          action={
            <Button icon={<SettingsIcon />} onClick={() => go('settings')}>
              {t('activity.goToSettings')}
            </Button>
          }
        />
      ) : (
        <div className="activity-stack" key={accountId}>
          <SyncCard accountId={accountId} />
          <WebhookCard accountId={accountId} />
          <InboxSection accountId={accountId} />
        </div>
      )}
    </>
  );
}
