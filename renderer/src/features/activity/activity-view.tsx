import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ActivityIcon, SettingsIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useSelectedAccountId } from '../../stores/accounts-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { FeedCard } from './feed-card';
import { InboxSection } from './inbox-section';
import { JobsCard } from './jobs-card';
import { SyncCard } from './sync-card';
import { TunnelLine } from './tunnel-line';
import { useFeed } from './use-feed';
import { WebhookCard } from './webhook-card';
import './activity.css';

/**
 * Activity of the account in use, for people: whether notifications arrive (one line, with the way to
 * Settings), what happened (the feed), the bulk actions (jobs) of the account, where the sync stands, whether
 * notifications arrive; every notification with its kind, attempts and raw body behind "Technical details".
 */
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
        <ActivityStack key={accountId} accountId={accountId} />
      )}
    </>
  );
}

function ActivityStack({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const feed = useFeed();
  const arrivals = feed.arrivals;
  return (
    <div className="activity-stack">
      <TunnelLine accountId={accountId} />
      <FeedCard feed={feed} accountId={accountId} />
      <JobsCard accountId={accountId} />
      <SyncCard accountId={accountId} />
      <WebhookCard accountId={accountId} arrivals={arrivals} />
      <details className="technical-section" data-testid="technical-details">
        <summary data-testid="technical-details-toggle">{t('activity.technical')}</summary>
        <InboxSection accountId={accountId} />
      </details>
    </div>
  );
}
