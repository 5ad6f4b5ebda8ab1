import { useTranslation } from 'react-i18next';
import { AppError } from '../../../../shared';
import { isActiveJobState, isFinalJobState, type JobView } from '../../../../shared/domain/jobs';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { ProgressBar } from '../../components/progress-bar';
import { useClient } from '../../lib/client-context';
import { formatCount } from '../../lib/format-time';
import { useAction } from '../../lib/use-action';
import { ErrorNotice } from '../../components/error-notice';

/** "1.2 MB" in the UI language. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** An archive job's progress: documents, bytes, time left, rate-limit pauses, and Pause / Resume / Stop. */
export function ArchiveProgress({ job, onDismiss }: { job: JobView; onDismiss(): void }) {
  const { t, i18n } = useTranslation();
  const client = useClient();
  // One action per control, so Stop right after Pause is never ignored while Pause is on its way.
  const pause = useAction(() => client.call('jobs.pause', { jobId: job.id }));
  const resume = useAction(() => client.call('jobs.resume', { jobId: job.id }));
  const cancel = useAction(() => client.call('jobs.cancel', { jobId: job.id }));
  const commandError = pause.error ?? resume.error ?? cancel.error;
  const { byState, total, bytesDone, secondsLeft, rateLimitedUntil } = job.progress;
  const settled = byState.done + byState.skipped + byState.failed + byState.cancelled;
  const going = isActiveJobState(job.state);
  const n = (value: number) => formatCount(value, i18n.language);
  return (
    <section className="card evidence-job" aria-label={t('evidence.job.title')} data-testid="archive-progress" data-state={job.state}>
      <div className="evidence-job-head">
        <h2>{t('evidence.job.title')}</h2>
        <div className="evidence-job-actions">
          {going ? (
            <Button size="sm" onClick={() => void pause.run()} busy={pause.pending} data-testid="archive-pause">
              {t('evidence.job.pause')}
            </Button>
          ) : null}
          {job.state === 'paused' ? (
            <Button size="sm" variant="primary" onClick={() => void resume.run()} busy={resume.pending} data-testid="archive-resume">
              {t('evidence.job.resume')}
            </Button>
          ) : null}
          {going || job.state === 'paused' ? (
            <Button size="sm" variant="danger-quiet" onClick={() => void cancel.run()} busy={cancel.pending} data-testid="archive-cancel">
              {t('evidence.job.cancel')}
            </Button>
          ) : (
            <Button size="sm" variant="ghost" onClick={onDismiss} data-testid="archive-dismiss">
              {t('evidence.job.dismiss')}
            </Button>
          )}
        </div>
      </div>
      <ProgressBar
        value={settled}
        max={total}
        label={t('evidence.job.title')}
        valueText={t('evidence.job.progress', { done: n(settled), total: n(total) })}
        testId="archive-bar"
      />
      <p className="evidence-job-text" role="status" data-testid="archive-status">
        {isFinalJobState(job.state)
          ? t('evidence.job.finished', {
              done: n(byState.done),
              skipped: n(byState.skipped),
              failed: n(byState.failed + byState.cancelled),
            })
          : [
              t('evidence.job.progress', { done: n(settled), total: n(total) }),
              bytesDone > 0 ? t('evidence.job.bytes', { size: formatBytes(bytesDone, i18n.language) }) : null,
              secondsLeft ? t('evidence.job.timeLeft', { seconds: n(secondsLeft) }) : null,
              job.state === 'paused' ? t('evidence.job.paused') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
      </p>
      {rateLimitedUntil ? <Notice tone="info">{t('evidence.job.rateLimited')}</Notice> : null}
      {job.owner && !job.owner.self && going ? <p className="field-hint">{t('evidence.job.owner', { pid: job.owner.pid })}</p> : null}
      {job.stoppedBy ? <ErrorNotice error={new AppError(job.stoppedBy)} /> : null}
      {commandError ? <ErrorNotice error={commandError} /> : null}
    </section>
  );
}
