import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView, OperationOutput } from '../../../../shared';
import { CANCEL_REASON_MAX } from '../../../../shared/domain/action-bounds';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { ProgressNote } from '../../components/progress-note';
import { useClient } from '../../lib/client-context';
import { JobSection } from './job-progress';
import { useJob } from '../../lib/use-job';
import { SkippedList } from './skipped-list';
import { DocumentList } from './document-list';

/**
 * Mount it fresh for each use (its state starts empty). Cancel one document or a selection: what will
 * happen said plainly before anything is sent (signers who have not signed can no longer sign; it cannot
 * be undone), the documents by title (ten, then "Show all"), those already cancelled (done, nothing to
 * send), what is skipped and why, a required reason with a live counter (at most `CANCEL_REASON_MAX` characters,
 * enforced again by the host), then the job's progress and one result per document. `onStarted` is told when the
 * job starts (the page then drops its selection, which no longer matches the rows).
 */
export function CancelDialog({
  documentIds,
  open,
  onClose,
  onStarted,
}: {
  documentIds: string[];
  open: boolean;
  onClose(): void;
  onStarted?(): void;
}) {
  const { t } = useTranslation();
  const client = useClient();
  const reasonId = useId();
  const [plan, setPlan] = useState<OperationOutput<'documents.planCancel'> | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [started, setStarted] = useState<JobView | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const { job, items, command } = useJob(started, { items: true });
  const already = plan?.skipped.filter((item) => item.reason === 'alreadyCancelled') ?? [];
  const leftOut = plan?.skipped.filter((item) => item.reason !== 'alreadyCancelled') ?? [];
  const missingReason = reason.trim() === '';

  useEffect(() => {
    if (!open) return;
    void client.call('documents.planCancel', { documentIds }).then(setPlan, setError);
  }, [client, open, documentIds]);

  const submit = async () => {
    setTried(true);
    if (missingReason) document.getElementById(reasonId)?.focus();
    if (!plan || plan.documents.length === 0 || missingReason || reason.length > CANCEL_REASON_MAX) return;
    setBusy(true);
    try {
      // Every document asked for: those left out are in the job's results too, with why.
      setStarted(await client.call('documents.cancel', { documentIds, reason: reason.trim() }));
      onStarted?.();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={t('actions.cancel.title', { count: documentIds.length })} onClose={onClose} testId="cancel-dialog">
      {error ? <ErrorNotice error={error} /> : null}
      {!plan && !error ? <ProgressNote text={t('actions.planning')} /> : null}
      {plan && !job ? (
        <form
          className="action-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p data-testid="cancel-explain">{t('actions.cancel.explain', { count: plan.documents.length })}</p>
          <DocumentList documents={plan.documents} />
          {already.length > 0 ? (
            <p className="notice" data-testid="cancel-already">
              {t('actions.cancel.already', { count: already.length })}
            </p>
          ) : null}
          <SkippedList skipped={leftOut} />
          <div className="field">
            <label className="field-label" htmlFor={reasonId}>
              {t('actions.cancel.reason')}
            </label>
            <textarea
              id={reasonId}
              className="field-input"
              data-autofocus
              rows={3}
              maxLength={CANCEL_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value.slice(0, CANCEL_REASON_MAX))}
              aria-required="true"
              aria-invalid={tried && missingReason ? true : undefined}
              aria-describedby={`${reasonId}-count${tried && missingReason ? ` ${reasonId}-required` : ''}`}
              data-testid="cancel-reason"
            />
            {tried && missingReason ? (
              <p id={`${reasonId}-required`} className="field-error" role="alert" data-testid="cancel-reason-required">
                {t('actions.cancel.reasonRequired')}
              </p>
            ) : null}
            <p id={`${reasonId}-count`} className="field-hint" aria-live="polite" data-testid="cancel-reason-count">
              {t('actions.cancel.counter', { count: reason.length, max: CANCEL_REASON_MAX })}
            </p>
          </div>
          <div className="dialog-actions">
            <Button onClick={onClose}>{t('actions.keep')}</Button>
            <Button type="submit" variant="danger" busy={busy} disabled={plan.documents.length === 0} data-testid="cancel-confirm">
              {t('actions.cancel.confirm', { count: plan.documents.length })}
            </Button>
          </div>
        </form>
      ) : null}
      {job ? (
        <>
          <JobSection job={job} items={items} onCommand={(op) => void command(op)} onClose={onClose} />
        </>
      ) : null}
    </Dialog>
  );
}
