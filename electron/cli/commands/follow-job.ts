import type { JobView } from '../../../shared/domain/jobs';
import type { CliContext } from '../io';

/**
 * Follows one job until it settles: its progress line on stderr (redrawn with CR), Ctrl+C pauses it
 * (items on their way finish first; `jobs resume` continues), and `onChange` is told of each change.
 * The job commands (cancel, remind, invalidate, replace-signer, archive) and `jobs show|resume|retry` of any
 * job, a send's included, wait through here.
 */
export async function followJob(ctx: CliContext, job: JobView, onChange: () => void = () => undefined): Promise<JobView> {
  const engine = ctx.core.jobs;
  ctx.err(
    `Job ${job.id}: ${job.progress.total} item${job.progress.total === 1 ? '' : 's'} (if interrupted: npm run -s cli -- jobs resume ${job.id})\n`,
  );
  let last = '';
  const off = ctx.core.events.subscribe((message) => {
    if (message.event !== 'jobs.changed' || (message.payload as JobView).id !== job.id) return;
    const p = (message.payload as JobView).progress;
    const line = `${p.byState.done + p.byState.failed + p.byState.skipped} of ${p.total} done${p.rateLimitedUntil ? ' · paused: rate limited' : ''}${p.secondsLeft ? ` · about ${p.secondsLeft} s left` : ''}`;
    if (line !== last) ctx.err(`\r${line.padEnd(last.length)}`);
    last = line;
    onChange();
  });
  const onInterrupt = () => {
    ctx.err(`\nPausing: items on their way finish first. Resume with: npm run -s cli -- jobs resume ${job.id}\n`);
    engine.command(job.id, 'pause');
  };
  process.once('SIGINT', onInterrupt);
  try {
    return await engine.whenSettled(job.id);
  } finally {
    off();
    process.off('SIGINT', onInterrupt);
    if (last) ctx.err('\n');
  }
}
