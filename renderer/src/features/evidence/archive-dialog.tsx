import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchivePlan } from '../../../../shared/domain/evidence';
import type { JobView } from '../../../../shared/domain/jobs';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { TextField } from '../../components/text-field';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';

/**
 * "Archive completed documents": a date range (or none: everything completed), then what will be
 * archived and what is left out and why (from the mirror, before anything is downloaded), then the job.
 */
export function ArchiveDialog({ open, onClose, onStarted }: { open: boolean; onClose(): void; onStarted(job: JobView): void }) {
  const { t } = useTranslation();
  const client = useClient();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const selection = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const badRange = from !== '' && to !== '' && from > to;
  const plan = useAction(() => client.call('evidence.planArchive', selection));
  const start = useAction(() => client.call('evidence.archive', selection));
  const planned: ArchivePlan | undefined = plan.result;
  const close = () => {
    plan.reset();
    start.reset();
    onClose();
  };
  return (
    <Dialog open={open} title={t('evidence.archive.title')} onClose={close} testId="archive-dialog">
      <div className="evidence-dialog-body">
        <p>{t('evidence.archive.intro')}</p>
        <div className="evidence-range">
          <TextField
            label={t('evidence.archive.from')}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => (setFrom(event.target.value), plan.reset())}
            data-autofocus
            data-testid="archive-from"
          />
          <TextField
            label={t('evidence.archive.to')}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => (setTo(event.target.value), plan.reset())}
            data-testid="archive-to"
          />
        </div>
        <p className={badRange ? 'field-error' : 'field-hint'}>
          {badRange ? t('evidence.archive.badRange') : t('evidence.archive.rangeHint')}
        </p>
        {planned ? (
          <div className="evidence-plan" data-testid="archive-plan" role="status">
            <p>
              {planned.documents.length > 0
                ? t('evidence.archive.planned', { count: planned.documents.length, folder: planned.archiveFolder })
                : t('evidence.archive.nothing')}
            </p>
            {planned.skipped.length > 0 ? (
              <details>
                <summary>
                  {t('evidence.archive.skippedTitle')} ({planned.skipped.length})
                </summary>
                <ul>
                  {planned.skipped.slice(0, 50).map((s) => (
                    <li key={s.documentId}>
                      {s.title} — {t(`evidence.archive.skipped.${s.reason}`)}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        ) : null}
        {plan.error ? <ErrorNotice error={plan.error} /> : null}
        {start.error ? <ErrorNotice error={start.error} /> : null}
        <div className="form-actions">
          <span className="form-actions-spacer" />
          <Button variant="ghost" onClick={close}>
            {t('evidence.archive.cancel')}
          </Button>
          {planned && planned.documents.length > 0 ? (
            <Button
              variant="primary"
              busy={start.pending}
              onClick={async () => {
                const job = await start.run();
                if (job) {
                  onStarted(job);
                  close();
                }
              }}
              data-testid="archive-start"
            >
              {t('evidence.archive.start', { count: planned.documents.length })}
            </Button>
          ) : (
            <Button variant="primary" busy={plan.pending} disabled={badRange} onClick={() => void plan.run()} data-testid="archive-check">
              {t('evidence.archive.check')}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
