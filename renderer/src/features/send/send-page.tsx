import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { PageHeader } from '../../components/page-header';
import { ProgressNote } from '../../components/progress-note';
import { useFileSource } from '../../lib/file-source-context';
import { LoadProblem } from '../../components/load-problem';
import { TeamBanner } from '../../components/team-banner';
import { useTeamBanner } from '../../lib/use-team-state';
import { BatchProgress } from './batch-progress';
import { BatchToolbar } from './batch-toolbar';
import type { IncomingFile } from './collect-files';
import { DropCard } from './drop-card';
import { DropOverlay } from './drop-overlay';
import { FilePickers } from './file-pickers';
import { ItemList } from './item-list';
import { ManifestActions } from './manifest-actions';
import { ManifestProblems } from './manifest-problems';
import { SendBar } from './send-bar';
import { useSendStore } from './send-store';
import { SkippedFiles } from './skipped-files';
import { UndoToast } from './undo-toast';
import { useBatchLive } from './use-batch-live';
import { BatchBusyError, useSendActions } from './use-send-actions';
import { usePageDrop } from './use-page-drop';

/** The Send page of one account: bring files in, say who signs, send, watch, collect the links. */
export function SendPage({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const reload = useBatchLive(accountId);
  const actions = useSendActions();
  const files = useFileSource();
  const batch = useSendStore((store) => store.batch);
  const load = useSendStore((store) => store.load);
  const loadError = useSendStore((store) => store.loadError);
  const skipped = useSendStore((store) => store.skipped);
  const adding = useSendStore((store) => store.adding);
  const addingBusy = useSendStore((store) => store.busy.add === true);
  const actionError = useSendStore((store) => store.actionError);
  const team = useTeamBanner();

  const draft = batch === null || batch.state === 'draft';
  const open = batch !== null && !draft && batch.state !== 'done' && batch.state !== 'cancelled';
  const add = (incoming: IncomingFile[]) => void actions.addFiles(incoming);
  const dragging = usePageDrop(files, add);
  const hasRows = batch !== null && batch.items.length > 0;
  const checking = batch?.state === 'draft' ? batch.progress.checking : 0;

  return (
    <div className="send-page">
      <PageHeader
        title={t('send.title')}
        subtitle={t('send.subtitle')}
        actions={draft && hasRows ? <FilePickers onFiles={add} busy={addingBusy} /> : undefined}
      />

      {actionError ? (
        <div className="send-alert">
          {actionError instanceof BatchBusyError ? (
            <Notice tone="info" testId="batch-busy">
              <p>{t('send.drop.busy')}</p>
            </Notice>
          ) : (
            <ErrorNotice error={actionError} testId="send-error" />
          )}
          <Button size="sm" variant="ghost" onClick={actions.dismissError}>
            {t('send.dismiss')}
          </Button>
        </div>
      ) : null}

      <TeamBanner {...team} />
      {adding ? <ProgressNote text={t('send.add.adding', { done: adding.done, total: adding.total })} testId="adding-files" /> : null}

      {load === 'loading' && batch === null ? <ProgressNote text={t('send.loading')} /> : null}
      {load === 'failed' && batch === null ? <LoadProblem error={loadError} onRetry={reload} /> : null}

      {load !== 'loading' || batch !== null ? (
        <div className="send-stack">
          {draft && !hasRows && load === 'ready' ? <DropCard actions={actions} onFiles={add} busy={addingBusy} /> : null}
          <SkippedFiles skipped={skipped} onDismiss={() => useSendStore.getState().setSkipped([])} />
          {batch && draft ? <ManifestProblems problems={batch.manifestProblems} /> : null}
          {batch && !draft ? <BatchProgress batch={batch} actions={actions} /> : null}
          {batch && hasRows && draft ? (
            <BatchToolbar batch={batch} actions={actions} manifest={<ManifestActions actions={actions} canImport compact />} />
          ) : null}
          {checking > 0 ? <ProgressNote text={t('send.add.checking', { count: checking })} testId="checking-files" /> : null}
          {batch && hasRows ? <ItemList batch={batch} actions={actions} /> : null}
          {batch && hasRows && draft ? <SendBar batch={batch} actions={actions} /> : null}
        </div>
      ) : null}

      {draft ? <UndoToast actions={actions} /> : null}
      <DropOverlay visible={dragging} refused={open} />
    </div>
  );
}
