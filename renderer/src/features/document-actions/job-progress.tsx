import { useTranslation } from 'react-i18next';
import { isActiveJobState, type JobItemView, type JobView } from '../../../../shared';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';
import { formatDateTime } from '../../lib/format-time';
import { useErrorText } from '../../lib/use-error-text';
import type { JobCommand } from '../../lib/use-job';
import { useNow } from '../../lib/use-now';

/** A bulk action's progress in words, with Pause / Resume / Cancel that reach whichever process runs it. */
export function JobProgress({ job, onCommand }: { job: JobView; onCommand(op: JobCommand): void }) {
  const { t } = useTranslation();
  const p = job.progress;
  const done = p.byState.done + p.byState.skipped + p.byState.failed + p.byState.cancelled;
  // Its computer went away: nothing is being done until someone carries it on (no spinner, the state says so).
  const orphaned = job.ownerGone !== null && job.shared;
  const running = isActiveJobState(job.state) && !orphaned;
  const now = useNow(p.rateLimitedUntil !== null ? 1000 : null);
  const wait = p.rateLimitedUntil ? Math.max(1, Math.ceil((Date.parse(p.rateLimitedUntil) - now) / 1000)) : null;
  return (
    <section className="job-progress" aria-live="polite" data-testid="job-progress" data-state={job.state}>
      <p className="job-progress-state">
        {running ? <Spinner /> : null}
        <span data-testid="job-state">{orphaned ? t('actions.job.waitingForCarryOn') : t(`actions.job.states.${job.state}`)}</span>
        {job.owner && !job.owner.self ? (
          <span className="muted" data-testid="job-owner">
            {' · '}
            {job.shared
              ? t('actions.job.otherComputer', { host: job.owner.host, member: job.owner.member ?? '' })
              : t('actions.job.otherOwner', { pid: job.owner.pid })}
          </span>
        ) : null}
        {job.startedBy ? <span className="muted"> · {t('actions.job.startedBy', job.startedBy)}</span> : null}
      </p>
      {job.ownerGone && job.shared ? (
        <p className="field-hint" data-testid="job-owner-gone">
          {t('actions.job.ownerGone', { host: job.ownerGone.host })}{' '}
          <Button size="sm" variant="primary" onClick={() => onCommand('jobs.resume')} data-testid="job-carry-on">
            {t('actions.job.carryOn')}
          </Button>
        </p>
      ) : null}
      <ProgressBar
        value={done}
        max={p.total}
        label={t('actions.job.label')}
        valueText={t('actions.job.valueText', { done, total: p.total })}
      />
      <p className="muted" data-testid="job-counts">
        {t('actions.job.counts', { done: p.byState.done, skipped: p.byState.skipped, failed: p.byState.failed, total: p.total })}
        {wait !== null
          ? ` · ${t('actions.job.rateLimited', { seconds: wait })}`
          : p.secondsLeft
            ? ` · ${t('actions.job.secondsLeft', { seconds: p.secondsLeft })}`
            : ''}
      </p>
      {job.stoppedBy ? <p className="field-error">{job.stoppedBy.message}</p> : null}
      <div className="dialog-actions">
        {job.state === 'running' || job.state === 'queued' ? (
          <Button size="sm" onClick={() => onCommand('jobs.pause')} data-testid="job-pause">
            {t('actions.job.pause')}
          </Button>
        ) : null}
        {job.state === 'paused' ? (
          <Button size="sm" variant="primary" onClick={() => onCommand('jobs.resume')} data-testid="job-resume">
            {t('actions.job.resume')}
          </Button>
        ) : null}
        {isActiveJobState(job.state) || job.state === 'paused' ? (
          <Button size="sm" variant="danger-quiet" onClick={() => onCommand('jobs.cancel')} data-testid="job-cancel">
            {t('actions.job.stop')}
          </Button>
        ) : null}
        {job.state === 'finished' && p.byState.failed > 0 ? (
          <Button size="sm" onClick={() => onCommand('jobs.retryFailed')} data-testid="job-retry">
            {t('actions.job.retryFailed')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** One line per item once the job settled: what happened to each document or signer, in words. */
export function JobResults({ items }: { items: JobItemView[] }) {
  const { t, i18n } = useTranslation();
  const { explain } = useErrorText();
  const lookup = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  /** An item's refusal in the UI language: the actions' own words (with the time the next try is possible), else the error catalog, else the host's. */
  const reason = (error: NonNullable<JobItemView['error']>) => {
    // A refusal whose next possible time is not known (no Retry-After, no reminder of ours on record) says so.
    const unknownTime = error.code === 'reminder.tooSoon' && typeof error.params?.nextPossibleAt !== 'string';
    const key = `actions.itemErrors.${error.code ?? ''}${unknownTime ? 'NoTime' : ''}`;
    if (error.code && i18n.exists(key)) {
      const at = typeof error.params?.nextPossibleAt === 'string' ? formatDateTime(error.params.nextPossibleAt, i18n.language) : '';
      return lookup(key, { ...error.params, at });
    }
    return error.code
      ? explain({ code: error.code, message: error.message, params: error.params as Record<string, string | number> | undefined })
      : error.message;
  };
  return (
    <ul className="job-results" data-testid="job-results">
      {items.map((item) => (
        <li key={item.seq} data-state={item.state} data-testid="job-result">
          <strong>{t(`actions.item.${item.outcome?.already ? 'already' : item.state}`)}</strong> {item.label ?? item.subject}
          {item.error ? <span className="muted"> — {reason(item.error)}</span> : null}
          {typeof item.outcome?.newSignatureUrl === 'string' ? (
            <span className="muted">
              {' '}
              — {t('actions.invalidate.newLink')}: <code data-testid="new-signature-link">{item.outcome.newSignatureUrl}</code>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The dialog's second half once the action runs: progress, then the results, then Close. */
export function JobSection({
  job,
  items,
  onCommand,
  onClose,
}: {
  job: JobView;
  items: JobItemView[] | null;
  onCommand(op: JobCommand): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <JobProgress job={job} onCommand={onCommand} />
      {items ? <JobResults items={items} /> : null}
      <div className="dialog-actions">
        <Button variant="primary" onClick={onClose} data-testid="action-close">
          {t('actions.close')}
        </Button>
      </div>
    </>
  );
}
