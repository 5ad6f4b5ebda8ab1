import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView, OperationOutput } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { ProgressNote } from '../../components/progress-note';
import { useClient } from '../../lib/client-context';
import { JobSection } from './job-progress';
import { SkippedList } from './skipped-list';
import { useJob } from '../../lib/use-job';

/**
 * Remind the pending signers of one document or a selection (or one signer): who will get a reminder and
 * who not (signed, rejected, invited by link), then one result per signer; a refusal because a reminder
 * went out less than 2 hours ago says when the next one is possible.
 */
export function RemindDialog(props: {
  documentIds: string[];
  signatureIds?: string[];
  open: boolean;
  onClose(): void;
  onStarted?(): void;
}) {
  const { documentIds, signatureIds, open, onClose, onStarted } = props;
  const { t } = useTranslation();
  const client = useClient();
  const [plan, setPlan] = useState<OperationOutput<'signatures.planRemind'> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [started, setStarted] = useState<JobView | null>(null);
  const [busy, setBusy] = useState(false);
  const { job, items, command } = useJob(started, { items: true });
  const selection = { documentIds, ...(signatureIds ? { signatureIds } : {}) };

  useEffect(() => {
    if (!open) return;
    void client.call('signatures.planRemind', selection).then(setPlan, setError);
  }, [client, open, documentIds, signatureIds]); // eslint-disable-line react-hooks/exhaustive-deps -- the selection is documentIds + signatureIds

  const submit = async () => {
    setBusy(true);
    try {
      setStarted(await client.call('signatures.remind', selection));
      onStarted?.();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={t('actions.remind.title')} onClose={onClose} testId="remind-dialog">
      {error ? <ErrorNotice error={error} /> : null}
      {!plan && !error ? <ProgressNote text={t('actions.planning')} /> : null}
      {plan && !job ? (
        <>
          <p data-testid="remind-explain">{t('actions.remind.explain', { count: plan.signatures.length })}</p>
          <ul className="job-results">
            {plan.signatures.map((s) => (
              <li key={s.signatureId}>
                {s.signer} — “{s.title}”
              </li>
            ))}
          </ul>
          <SkippedList skipped={plan.skipped.map((s) => ({ ...s, title: s.title }))} />
          <div className="dialog-actions">
            <Button onClick={onClose}>{t('actions.keep')}</Button>
            <Button
              variant="primary"
              data-autofocus
              busy={busy}
              disabled={plan.signatures.length === 0}
              onClick={() => void submit()}
              data-testid="remind-confirm"
            >
              {t('actions.remind.confirm', { count: plan.signatures.length })}
            </Button>
          </div>
        </>
      ) : null}
      {job ? (
        <>
          <JobSection job={job} items={items} onCommand={(op) => void command(op)} onClose={onClose} />
        </>
      ) : null}
    </Dialog>
  );
}
