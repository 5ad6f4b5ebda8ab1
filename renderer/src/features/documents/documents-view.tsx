import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorNotice } from '../../components/error-notice';
import { DocumentsIcon, SendIcon, SettingsIcon, SyncIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { TeamBanner } from '../../components/team-banner';
import { useTeamBanner } from '../../lib/use-team-state';
import { ProgressNote } from '../../components/progress-note';
import { useSelectedAccountId } from '../../stores/accounts-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { SyncProgress } from '../../components/sync-progress';
import { useSyncStatus } from '../../lib/use-sync-status';
import { useDocumentsStore } from '../../stores/documents-store';
import { OverviewCard } from './overview/overview-card';
import { DocumentPanel } from './panel/document-panel';
import { DocumentsCard } from './table/documents-card';
import { useDashboard } from './use-dashboard';
import { useDocumentsQuery } from './use-documents-query';
import './documents.css';

/** Documents of the account in use, from the mirror: an overview, then the list, live. */
export function DocumentsView() {
  const { t } = useTranslation();
  const accountId = useSelectedAccountId();
  const go = useNavigationStore((store) => store.go);
  if (accountId !== null) return <DocumentsPage key={accountId} accountId={accountId} />;
  return (
    <>
      <PageHeader title={t('documents.title')} subtitle={t('documents.subtitle')} />
      <EmptyState
        testId="documents-no-account"
        icon={<DocumentsIcon />}
        title={t('documents.noAccountTitle')}
        body={t('documents.noAccountBody')}
        action={
          <Button icon={<SettingsIcon />} onClick={() => go('settings')}>
            {t('documents.goToSettings')}
          </Button>
        }
      />
    </>
  );
}

function DocumentsPage({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const go = useNavigationStore((store) => store.go);
  const forAccount = useDocumentsStore((store) => store.forAccount);
  useEffect(() => forAccount(accountId), [forAccount, accountId]);
  const sync = useSyncStatus(accountId);
  const list = useDocumentsQuery(accountId);
  const dashboard = useDashboard(accountId);
  // A document another page asked to open (an Activity line) is open from the start.
  const [open, setOpen] = useState<{ id: string; title: string } | null>(() => useDocumentsStore.getState().pendingOpen);
  const status = sync.data;
  const syncing = status?.state === 'syncing';
  // Nothing at all in the mirror (not: nothing matches a filter).
  const mirrorEmpty = status !== null && status.total === 0 && list.page?.total === 0;
  const openById = useCallback((id: string, title = '') => setOpen({ id, title: title.trim() }), []);
  const takePendingOpen = useDocumentsStore((store) => store.takePendingOpen);
  useEffect(() => void takePendingOpen(), [takePendingOpen]);
  // Bulk actions start here: with a team whose store cannot be reached, they wait (issue 32).
  const team = useTeamBanner();

  return (
    <div className="documents-page">
      <PageHeader
        title={t('documents.title')}
        subtitle={t('documents.subtitle')}
        actions={
          <Button
            icon={<SyncIcon />}
            busy={sync.syncNow.pending}
            disabled={syncing || status?.state === 'no-account'}
            onClick={() => void sync.syncNow.run()}
            data-testid="documents-sync-now"
          >
            {sync.syncNow.pending ? t('documents.syncStarting') : syncing ? t('documents.syncing') : t('documents.syncNow')}
          </Button>
        }
      />
      <TeamBanner {...team} />
      {status ? <SyncProgress status={status} /> : null}
      {sync.syncNow.error ? <ErrorNotice error={sync.syncNow.error} testId="documents-sync-error" /> : null}
      {list.loading && list.page === null && !list.error ? <ProgressNote text={t('documents.loading')} testId="documents-loading" /> : null}
      {mirrorEmpty ? (
        <EmptyState
          testId="documents-empty"
          icon={<DocumentsIcon />}
          title={t('documents.emptyTitle')}
          body={t('documents.emptyBody')}
          hint={t('documents.firstStep')}
          action={
            <Button icon={<SendIcon />} onClick={() => go('send')}>
              {t('documents.goToSend')}
            </Button>
          }
        />
      ) : list.page !== null || list.error ? (
        <>
          <OverviewCard dashboard={dashboard} onOpen={openById} />
          <DocumentsCard
            accountId={accountId}
            list={list}
            openId={open?.id ?? null}
            onOpen={(document) => openById(document.id, document.title)}
          />
        </>
      ) : null}
      <DocumentPanel accountId={accountId} documentId={open?.id ?? null} title={open?.title ?? ''} onClose={() => setOpen(null)} />
    </div>
  );
}
