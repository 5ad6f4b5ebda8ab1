import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../../../shared';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { SyncIcon } from '../../components/icons';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { Tag } from '../../components/tag';
import { formatCount, formatDateTime } from '../../lib/format-time';
import { LoadProblem } from '../../components/load-problem';
import { StatusCounts } from './status-counts';
import { SyncProgress } from '../../components/sync-progress';
import { useSyncStatus } from '../../lib/use-sync-status';

const stateTone = { idle: 'success', syncing: 'accent', error: 'danger', 'no-account': 'neutral' } as const;

/** Sync card: state, progress, last full sync, documents by status, and Sync now. Live on `sync.changed`. */
export function SyncCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const sync = useSyncStatus(accountId);
  const status = sync.data;
  const syncing = status?.state === 'syncing';

  return (
    <SectionCard
      title={t('activity.sync.title')}
      description={t('activity.sync.description')}
      testId="sync-card"
      actions={
        <Button
          variant="primary"
          icon={<SyncIcon />}
          busy={sync.syncNow.pending}
          disabled={syncing || status?.state === 'no-account'}
          onClick={() => void sync.syncNow.run()}
          data-testid="sync-now"
        >
          {sync.syncNow.pending ? t('activity.sync.starting') : t('activity.sync.syncNow')}
        </Button>
      }
    >
      <div className="activity-card-body" aria-busy={syncing}>
        {sync.loading && !sync.error ? <ProgressNote text={t('activity.sync.loading')} /> : null}
        {sync.error ? <LoadProblem error={sync.error} onRetry={sync.reload} /> : null}
        {sync.syncNow.error ? <ErrorNotice error={sync.syncNow.error} testId="sync-now-error" /> : null}
        {status ? <SyncDetails status={status} accountId={accountId} /> : null}
      </div>
    </SectionCard>
  );
}

function SyncDetails({ status, accountId }: { status: SyncStatus; accountId: string }) {
  const { t, i18n } = useTranslation();
  const last = status.lastFullSync;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const lastText = !last
    ? t('activity.sync.neverSynced')
    : last.error !== null
      ? t('activity.sync.lastSyncFailed', { when: when(last.finishedAt ?? last.startedAt) })
      : last.finishedAt === null
        ? t('activity.sync.lastSyncRunning', { when: when(last.startedAt) })
        : t('activity.sync.lastSyncDone', { when: when(last.finishedAt), documents: formatCount(last.documents, i18n.language) });

  return (
    <>
      <dl className="fact-list">
        <div>
          <dt>{t('activity.sync.stateLabel')}</dt>
          <dd>
            <span role="status" data-testid="sync-state" data-state={status.state}>
              <Tag tone={stateTone[status.state]}>{t(`activity.sync.states.${status.state}`)}</Tag>
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('activity.sync.lastSync')}</dt>
          <dd data-testid="last-sync">{lastText}</dd>
        </div>
        <div>
          <dt>{t('activity.sync.watching')}</dt>
          <dd>
            <span className="fact-number" data-testid="watching">
              {formatCount(status.watching, i18n.language)}
            </span>
            <span className="fact-hint">{t('activity.sync.watchingHint')}</span>
          </dd>
        </div>
      </dl>
      <SyncProgress status={status} />
      <StatusCounts status={status} accountId={accountId} />
    </>
  );
}
