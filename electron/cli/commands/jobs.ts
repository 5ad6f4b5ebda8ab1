import type { JobView } from '../../../shared/domain/jobs';
import { call, emit, UsageError, type CliContext } from '../io';
import { finishJob } from './actions';
import { favourMemory } from './favour-memory';

export const jobsUsage = 'jobs [list] | jobs show|pause|resume|cancel|retry <job-id>';

/** `jobs`: the account's bulk actions; their controls work from any process (the owner obeys them). */
export async function jobsCommand(ctx: CliContext, args: string[]): Promise<number> {
  const [sub = 'list', jobId, ...rest] = args;
  if (rest.length > 0) throw new UsageError(`Usage: ${jobsUsage}`);
  if (sub === 'list') {
    const jobs = await call<JobView[]>(ctx, 'jobs.list', {});
    emit(ctx, jobs, () =>
      jobs.length === 0
        ? 'No jobs yet.'
        : jobs
            .map(
              (job) =>
                `${job.id}  ${job.kind.padEnd(10)} ${job.state.padEnd(10)} ${job.progress.byState.done} of ${job.progress.total} done  ${job.createdAt.slice(0, 16)}${whose(job)}`,
            )
            .join('\n'),
    );
    return 0;
  }
  if (!jobId) throw new UsageError(`Give the job id.\nUsage: ${jobsUsage}`);
  const op = ({ show: 'jobs.get', pause: 'jobs.pause', resume: 'jobs.resume', cancel: 'jobs.cancel', retry: 'jobs.retryFailed' } as const)[
    sub as 'show'
  ];
  if (!op) throw new UsageError(`Usage: ${jobsUsage}`);
  if (op === 'jobs.get') {
    const { job } = await call<{ job: JobView }>(ctx, 'jobs.get', { jobId });
    return finishJob(ctx, job, doneWord(job));
  }
  // Carrying an archive on streams what `archive` does: the same care for memory.
  if (sub === 'resume' || sub === 'retry') {
    const { job: before } = await call<{ job: JobView }>(ctx, 'jobs.get', { jobId });
    if (before.kind === 'archive') favourMemory();
  }
  // A send job is its batch: these are the Send page's Pause, Resume, Stop and Retry failed.
  const job = await call<JobView>(ctx, op, { jobId });
  if (sub === 'resume' || sub === 'retry') return finishJob(ctx, job, doneWord(job));
  emit(ctx, job, () => `Job ${job.id}: ${job.state}.`);
  return 0;
}

/** In a team: who started the job and where it runs now, or that its computer went away (`jobs resume` carries it on here). */
function whose(job: JobView): string {
  const parts: string[] = [];
  if (job.startedBy) parts.push(`started by ${job.startedBy.member} on ${job.startedBy.computer}`);
  if (job.owner && !job.owner.self) parts.push(`running on ${job.owner.host}${job.owner.member ? ` (${job.owner.member})` : ''}`);
  if (job.ownerGone) parts.push(`${job.ownerGone.host} stopped answering: "jobs resume ${job.id}" carries it on here`);
  return parts.length > 0 ? `  · ${parts.join(' · ')}` : '';
}

/** What a done item is called: a send job's rows are sent. */
function doneWord(job: JobView): { done: string } {
  return { done: job.kind === 'send' ? 'sent' : 'done' };
}
