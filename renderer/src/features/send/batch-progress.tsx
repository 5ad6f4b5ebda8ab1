import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError, type Batch } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';
import { formatCount } from '../../lib/format-time';
import { useNow } from '../../lib/use-now';
import { useDocumentsStore } from '../../stores/documents-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { useFormat } from './format';
import { useSendStore } from './send-store';
import type { SendActions } from './use-send-actions';

/**
 * A batch once sent: the overall bar with counts, bytes and time left, the rate-limit pause counting
 * down, Pause / Resume / Cancel while it runs; when it ends, export, retry the failed, or a new batch.
 */
export function BatchProgress({ batch, actions }: { batch: Batch; actions: SendActions }) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useSendStore((store) => store.busy);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { progress, state } = batch;
  const counts = progress.byState;
  const total = counts.ready + counts.sending + counts.sent + counts.failed + counts.uncertain + counts.cancelled;
  const finished = counts.sent + counts.failed + counts.cancelled;
  // Not sent: refused, and rows left out (excluded, or already sent from this account), which stay drafts.
  const notSent = counts.failed + counts.draft;
  const openInDocuments = () => {
    useDocumentsStore.getState().showFiltered(batch.accountId, { batchId: batch.id });
    useNavigationStore.getState().go('documents');
  };
  const left = counts.ready + counts.sending;
  const running = state === 'sending' || state === 'checking' || state === 'pausing' || state === 'cancelling';
  const ended = state === 'done' || state === 'cancelled';
  const until = progress.rateLimitedUntil ? Date.parse(progress.rateLimitedUntil) : NaN;
  const now = useNow(running && Number.isFinite(until) ? 1000 : null);
  const waitSeconds = Number.isFinite(until) ? Math.ceil((until - now) / 1000) : 0;
  const retryable = batch.items.some((item) => item.state === 'failed' && item.problems.length === 0 && item.attempts > 0);

  return (
    <section className="card progress-card" aria-labelledby="send-progress-title" data-testid="batch-progress" data-state={state}>
      <header className="progress-head">
        <h2 id="send-progress-title" className="progress-title">
          {running ? <Spinner /> : null}
          <span data-testid="batch-state">{t(`send.progress.states.${state}`)}</span>
        </h2>
        {batch.owner && !batch.owner.self ? (
          <p className="progress-owner" role="status" data-testid="batch-owner">
            {t('send.progress.otherOwner', { pid: batch.owner.pid })}
          </p>
        ) : null}
        <div className="progress-actions">
          {state === 'sending' ? (
            <Button size="sm" busy={busy.pause} onClick={() => void actions.pause()} data-testid="pause">
              {t('send.progress.pause')}
            </Button>
          ) : null}
          {state === 'paused' ? (
            <Button size="sm" variant="primary" busy={busy.resume} onClick={() => void actions.resume()} data-testid="resume">
              {t('send.progress.resume')}
            </Button>
          ) : null}
          {!ended ? (
            <Button size="sm" variant="danger-quiet" onClick={() => setConfirmCancel(true)} data-testid="cancel">
              {t('send.progress.cancel')}
            </Button>
          ) : null}
          {ended ? (
            <>
              {retryable ? (
                <Button size="sm" busy={busy.retry} onClick={() => void actions.retryFailed()} data-testid="retry-failed">
                  {t('send.progress.retryFailed')}
                </Button>
              ) : null}
              {counts.sent > 0 ? (
                <Button size="sm" onClick={openInDocuments} data-testid="open-in-documents">
                  {t('send.once.openInDocuments')}
                </Button>
              ) : null}
              <Button size="sm" busy={busy.export} onClick={() => void actions.exportResults()} data-testid="export-results">
                {t('send.progress.exportResults')}
              </Button>
              <Button size="sm" variant="primary" busy={busy.create} onClick={() => void actions.newBatch()} data-testid="new-batch">
                {t('send.progress.newBatch')}
              </Button>
            </>
          ) : null}
        </div>
      </header>

      <ProgressBar
        value={finished}
        max={total > 0 ? total : null}
        label={t('send.progress.label')}
        valueText={t('send.progress.valueText', { done: finished, total })}
        segments={[
          { value: counts.sent, tone: 'success', testId: 'bar-sent' },
          { value: counts.failed, tone: 'danger', testId: 'bar-failed' },
          { value: counts.uncertain, tone: 'warning', testId: 'bar-uncertain' },
          { value: counts.cancelled, tone: 'neutral', testId: 'bar-cancelled' },
        ]}
        testId="send-progress-bar"
      />

      <dl className="progress-counts">
        <Count label={t('send.progress.sent')} value={counts.sent} tone="success" testId="count-sent" />
        <Count label={t('send.progress.failed')} value={notSent} tone="danger" testId="count-failed" />
        <Count label={t('send.progress.uncertain')} value={counts.uncertain} tone="warning" testId="count-uncertain" />
        <Count label={t('send.progress.left')} value={left} tone="neutral" testId="count-left" />
      </dl>

      <p className="progress-detail" data-testid="progress-detail">
        <span>{t('send.progress.bytes', { done: format.bytes(progress.bytesDone), total: format.bytes(progress.bytesTotal) })}</span>
        {running && left > 0 ? (
          <span>
            {progress.secondsLeft !== null
              ? t('send.progress.secondsLeft', { time: format.duration(progress.secondsLeft) })
              : t('send.progress.estimating')}
          </span>
        ) : null}
      </p>

      {running && waitSeconds > 0 ? (
        <Notice tone="warning" testId="rate-limited">
          <p className="notice-title">{t('send.progress.rateLimited', { seconds: waitSeconds })}</p>
          <p>{t('send.progress.rateLimitedHint')}</p>
        </Notice>
      ) : null}
      {counts.uncertain > 0 ? (
        <Notice tone="info" testId="uncertain-hint">
          <p>{t('send.progress.uncertainHint')}</p>
        </Notice>
      ) : null}
      {batch.stoppedBy && state === 'paused' ? (
        <div className="progress-stopped">
          <p className="notice-title">{t('send.progress.stopped')}</p>
          <ErrorNotice error={new AppError(batch.stoppedBy)} testId="stopped-by" />
        </div>
      ) : null}
      {ended ? (
        <p className="progress-summary" data-testid="progress-summary">
          {state === 'cancelled' ? t('send.progress.cancelledSummary') : t('send.progress.doneSummary', { count: counts.sent })}
          {notSent > 0 ? ` ${t('send.progress.failedSummary', { count: notSent })}` : ''}
        </p>
      ) : null}

      <Dialog
        open={confirmCancel}
        size="sm"
        title={t('send.cancelDialog.title')}
        onClose={() => setConfirmCancel(false)}
        testId="cancel-dialog"
      >
        <CancelWords queued={counts.ready} inFlight={counts.sending + counts.uncertain} />
        <div className="dialog-actions">
          <Button variant="ghost" data-autofocus onClick={() => setConfirmCancel(false)}>
            {t('send.cancelDialog.keep')}
          </Button>
          <Button
            variant="danger"
            busy={busy.cancel}
            onClick={() => {
              void actions.cancel().then(() => setConfirmCancel(false));
            }}
            data-testid="confirm-cancel"
          >
            {t('send.cancelDialog.confirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

/**
 * What Cancel does, counted from the same figures as the bar: rows still queued are not sent; rows in
 * flight (being sent, or being verified) finish, so they may still be sent; rows sent stay sent.
 */
function CancelWords({ queued, inFlight }: { queued: number; inFlight: number }) {
  const { t } = useTranslation();
  return (
    <div className="dialog-text" data-testid="cancel-words">
      {queued > 0 ? <p>{t('send.cancelDialog.queued', { count: queued })}</p> : null}
      {inFlight > 0 ? <p>{t('send.cancelDialog.inFlight', { count: inFlight })}</p> : null}
      <p>{t('send.cancelDialog.sentStay')}</p>
    </div>
  );
}

function Count({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: number;
  tone: 'success' | 'danger' | 'warning' | 'neutral';
  testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <div className={`progress-count tone-${tone}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatCount(value, i18n.language)}</dd>
    </div>
  );
}
