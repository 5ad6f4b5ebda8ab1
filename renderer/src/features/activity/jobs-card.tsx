import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinalJobState, type JobItemView, type JobView } from '../../../../shared';
import { ErrorNotice } from '../../components/error-notice';
import { LoadProblem } from '../../components/load-problem';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { useClient } from '../../lib/client-context';
import { ago } from '../../lib/relative-time';
import { useNow } from '../../lib/use-now';
import { JobProgress, JobResults } from './job-slots';
import { useJobs, type Jobs } from './use-jobs';
import './jobs.css';

type DynamicT = (key: string, options?: Record<string, unknown>) => string;
const KINDS = new Set(['send', 'cancel', 'remind', 'invalidate', 'archive']);

/**
 * The account's bulk actions (jobs), whichever computer of the team runs them: the ones still working
 * or paused first, each with its progress and Pause / Resume / Stop (and "Carry on here" when the
 * computer running it went away); then the finished ones, one line each, that open to their progress
 * (and "Try the failed ones again").
 */
export function JobsCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const tt = t as unknown as DynamicT;
  const jobs = useJobs(accountId);
  const list = jobs.jobs;
  const open = (list ?? []).filter((job) => !isFinalJobState(job.state));
  const finished = (list ?? []).filter((job) => isFinalJobState(job.state));

  return (
    <SectionCard title={t('activity.jobs.title')} description={t('activity.jobs.description')} testId="jobs-card">
      <div className="activity-card-body">
        {jobs.error && !list ? <LoadProblem error={jobs.error} onRetry={() => void jobs.reload()} testId="jobs-error" /> : null}
        {!list && !jobs.error ? <ProgressNote text={t('activity.jobs.loading')} /> : null}
        {list && list.length === 0 ? (
          <p className="inbox-empty" data-testid="jobs-empty">
            {t('activity.jobs.empty')}
          </p>
        ) : null}
        {open.length > 0 ? (
          <ul className="jobs-list" aria-label={t('activity.jobs.listLabel')}>
            {open.map((job) => (
              <li key={job.id} className="job-line job-line-open" {...lineData(job)}>
                <JobHead job={job} />
                <JobBody job={job} jobs={jobs} />
              </li>
            ))}
          </ul>
        ) : null}
        {finished.length > 0 ? (
          <ul className="jobs-list" aria-label={t('activity.jobs.finishedLabel')}>
            {finished.map((job) => (
              <li key={job.id} className="job-line" {...lineData(job)}>
                <FinishedJob job={job} jobs={jobs}>
                  <JobHead job={job} inline />
                  <span className="muted">
                    {' · '}
                    {t('activity.jobs.finishedLine', { state: t(`actions.job.states.${job.state}`), counts: counts(tt, job) })}
                  </span>
                </FinishedJob>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </SectionCard>
  );
}

const lineData = (job: JobView) => ({ 'data-testid': 'job-line', 'data-job-id': job.id, 'data-kind': job.kind, 'data-state': job.state });

/** "Cancelling documents · started 2 min ago". */
function JobHead({ job, inline = false }: { job: JobView; inline?: boolean }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const tt = t as unknown as DynamicT;
  const kind = KINDS.has(job.kind) ? tt(`activity.jobs.kinds.${job.kind}`) : t('activity.jobs.kinds.other', { kind: job.kind });
  const parts = (
    <>
      <strong data-testid="job-kind">{kind}</strong>
      <span className="muted" data-testid="job-started">
        {' · '}
        {t('activity.jobs.started', { when: ago(job.createdAt, now, i18n.language) })}
      </span>
    </>
  );
  return inline ? parts : <p className="job-head">{parts}</p>;
}

/** The job's progress and controls, and why the last command was refused. */
function JobBody({ job, jobs }: { job: JobView; jobs: Jobs }) {
  return (
    <>
      <JobProgress job={job} onCommand={(op) => void jobs.command(op, job.id)} />
      {jobs.refused?.jobId === job.id ? <ErrorNotice error={jobs.refused.error} testId="job-command-error" /> : null}
    </>
  );
}

/** A finished job on one line; opened, its progress (with "Try the failed ones again") and each document's outcome. */
function FinishedJob({ job, jobs, children }: { job: JobView; jobs: Jobs; children: ReactNode }) {
  const client = useClient();
  const [open, setOpen] = useState(false);
  const [read, setRead] = useState<{ key: string; items: JobItemView[] | null; error: unknown } | null>(null);
  const p = job.progress.byState;
  const key = `${job.id}:${job.state}:${p.done}:${p.failed}:${p.skipped}`;
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    client.call('jobs.get', { jobId: job.id }).then(
      (answer) => live && setRead({ key, items: answer.items, error: null }),
      (error: unknown) => live && setRead({ key, items: null, error }),
    );
    return () => {
      live = false;
    };
  }, [client, open, job.id, key]);
  const shown = read?.key === key ? read : null;
  return (
    <details className="job-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="job-summary" data-testid="job-summary">
        {children}
      </summary>
      <JobBody job={job} jobs={jobs} />
      {shown?.items ? <JobResults items={shown.items} /> : null}
      {shown?.error ? <ErrorNotice error={shown.error} testId="job-items-error" /> : null}
    </details>
  );
}

function counts(t: DynamicT, job: JobView): string {
  const p = job.progress.byState;
  return t('actions.job.counts', { done: p.done, skipped: p.skipped, failed: p.failed, total: job.progress.total });
}
