import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView, OperationOutput } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { TextField } from '../../components/text-field';
import { useClient } from '../../lib/client-context';
import { JobSection } from './job-progress';
import { useJob } from '../../lib/use-job';

/**
 * Bulk replace a signer: "everywhere ana@old.example still has to sign in the selection (or in every
 * pending document), invalidate and invite ana@new.example instead", previewed as a list before it runs.
 */
export function ReplaceSignerDialog({
  documentIds,
  open,
  onClose,
  onStarted,
}: {
  documentIds?: string[];
  open: boolean;
  onClose(): void;
  onStarted?(): void;
}) {
  const { t } = useTranslation();
  const client = useClient();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [preview, setPreview] = useState<OperationOutput<'signatures.planReplace'> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [started, setStarted] = useState<JobView | null>(null);
  const [busy, setBusy] = useState(false);
  const { job, items, command } = useJob(started, { items: true });
  const scope = documentIds && documentIds.length > 0 ? { documentIds } : {};

  const look = async () => {
    setError(null);
    try {
      setPreview(await client.call('signatures.planReplace', { from: from.trim(), ...scope }));
    } catch (failure) {
      setError(failure);
    }
  };
  const run = async () => {
    setBusy(true);
    try {
      setStarted(await client.call('signatures.replace', { from: from.trim(), to: to.trim(), reason: reason.trim(), notify, ...scope }));
      onStarted?.();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const ready = from.trim().length >= 3 && to.trim().length >= 3 && reason.trim().length > 0;

  return (
    <Dialog open={open} title={t('actions.replace.title')} onClose={onClose} testId="replace-dialog">
      {error ? <ErrorNotice error={error} /> : null}
      {!job ? (
        <>
          <p className="muted">
            {t(scope.documentIds ? 'actions.replace.scopeSelection' : 'actions.replace.scopeAll', { count: documentIds?.length ?? 0 })}
          </p>
          <TextField
            label={t('actions.replace.from')}
            value={from}
            onChange={(e) => (setFrom(e.target.value), setPreview(null))}
            data-testid="replace-from"
            data-autofocus
          />
          <TextField label={t('actions.replace.to')} value={to} onChange={(e) => setTo(e.target.value)} data-testid="replace-to" />
          <TextField
            label={t('actions.invalidate.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="replace-reason"
          />
          <label className="checkbox">
            <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} /> {t('actions.replace.notify')}
          </label>
          {preview ? (
            <div data-testid="replace-preview">
              <p>{t('actions.replace.preview', { count: preview.length, from: from.trim(), to: to.trim() })}</p>
              <ul className="job-results">
                {preview.map((p) => (
                  <li key={p.signatureId}>“{p.title}”</li>
                ))}
              </ul>
              <p className="notice notice-warning">{t('actions.replace.irreversible')}</p>
            </div>
          ) : null}
          <div className="dialog-actions">
            <Button onClick={onClose}>{t('actions.keep')}</Button>
            {preview && preview.length > 0 ? (
              <Button variant="danger" busy={busy} disabled={!ready} onClick={() => void run()} data-testid="replace-confirm">
                {t('actions.replace.confirm', { count: preview.length })}
              </Button>
            ) : (
              <Button variant="primary" disabled={from.trim().length < 3} onClick={() => void look()} data-testid="replace-look">
                {t('actions.replace.look')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          <JobSection job={job} items={items} onCommand={(op) => void command(op)} onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}
