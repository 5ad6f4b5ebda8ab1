import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ArchivePlan } from '../../../shared/domain/evidence';
import type { JobView } from '../../../shared/domain/jobs';
import { call, emit, UsageError, type CliContext } from '../io';
import { finishJob } from './actions';
import { syncCommand } from './sync';

export const archiveUsage = 'archive [--from DATE] [--to DATE] [--ids ID,...] [<document-id>...] [--dir DIR] [--no-sync] | archive --rebuild-index';

const skippedWords: Record<string, string> = {
  notCompleted: 'not completed: its files are available once everyone has signed',
  alreadyArchived: 'already archived',
  notInMirror: 'not found in this account (run "sync" first?)',
};

export function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>, usage: string) {
  try {
    return parseArgs({ args, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}`);
  }
}

/**
 * `archive`: evidence of completed documents into BagIt bags, as a job (resumable: `jobs resume ID`).
 * The documents: the ids given, else every completed document created between --from and --to
 * (YYYY-MM-DD, inclusive; --since/--until are the same). The mirror is synced first (--no-sync: not).
 */
export async function archiveCommand(ctx: CliContext, args: string[]): Promise<number> {
  const options = {
    from: { type: 'string' }, to: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' }, ids: { type: 'string' },
    status: { type: 'string' }, dir: { type: 'string' }, 'no-sync': { type: 'boolean' }, 'rebuild-index': { type: 'boolean' },
  } as const;
  const { values, positionals } = parse(args, options, archiveUsage);
  if (values['rebuild-index']) {
    const rebuilt = await call<{ folder: string; bags: number; problems: number }>(ctx, 'evidence.rebuildIndex', {});
    emit(ctx, rebuilt, () => `Indexed ${rebuilt.bags} bag${rebuilt.bags === 1 ? '' : 's'} from ${rebuilt.folder}${rebuilt.problems ? `; ${rebuilt.problems} problem(s) found: run "verify"` : ''}.`);
    return rebuilt.problems > 0 ? 1 : 0;
  }
  if (values.status !== undefined && String(values.status).toUpperCase() !== 'CO') throw new UsageError('Only completed documents (--status CO) have evidence to archive.');
  const ids = [...positionals, ...String(values.ids ?? '').split(/[\s,;]+/)].filter(Boolean);
  const from = values.from ?? values.since;
  const to = values.to ?? values.until;
  for (const [flag, value] of [['--from', from], ['--to', to]] as const) {
    if (value !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(String(value)) || Number.isNaN(Date.parse(String(value))))) throw new UsageError(`${flag} takes a date as YYYY-MM-DD ("${String(value)}" is not one).`);
  }
  if (ids.length > 0 && (from || to)) throw new UsageError(`Give document ids or a date range, not both.\nUsage: ${archiveUsage}`);
  const selection = {
    ...(ids.length > 0 ? { documentIds: ids } : {}),
    ...(from ? { from: String(from) } : {}),
    ...(to ? { to: String(to) } : {}),
    ...(typeof values.dir === 'string' ? { folder: ctx.path(values.dir) } : {}),
  };
  if (!values['no-sync']) {
    const quiet = { ...ctx, out: () => undefined };
    if ((await syncCommand(quiet, [])) !== 0) ctx.err('The sync did not finish; archiving from the documents already in the mirror.\n');
  }
  const plan = await call<ArchivePlan>(ctx, 'evidence.planArchive', selection);
  for (const skipped of plan.skipped) ctx.err(`Skipped: “${skipped.title}” (${skippedWords[skipped.reason] ?? skipped.reason})\n`);
  ctx.err(`${plan.documents.length} document${plan.documents.length === 1 ? '' : 's'} to archive into ${plan.archiveFolder}\n`);
  if (plan.documents.length === 0 && plan.skipped.length === 0) {
    emit(ctx, { job: null, items: [] }, () => 'No completed document matches.');
    return 0;
  }
  const job = await call<JobView>(ctx, 'evidence.archive', selection);
  const code = await finishJob(ctx, job, { done: 'archived' });
  // Documents skipped because they are already archived are not a failure of this run.
  const { items } = await call<{ items: { state: string; outcome: Record<string, unknown> | null }[] }>(ctx, 'jobs.get', { jobId: job.id });
  const settled = await call<{ job: JobView }>(ctx, 'jobs.get', { jobId: job.id });
  const bad = items.some((item) => item.state === 'failed' || item.state === 'pending' || item.state === 'running' || (item.state === 'skipped' && item.outcome?.reason !== 'alreadyArchived'));
  const verdictFailed = items.some((item) => item.outcome?.verdict === 'failed' || item.outcome?.verdict === 'refused');
  if (verdictFailed) ctx.err('Some evidence did not pass verification: see "verify" or the Evidence page.\n');
  const notYet = items.filter((item) => item.outcome?.timestamp === 'not-yet').length;
  if (notYet > 0) ctx.err(`${notYet} bag${notYet === 1 ? ' is' : 's are'} not timestamped yet: the time-stamping authority did not give a token. They are archived; run "timestamp" later to add the tokens.\n`);
  return settled.job.state === 'finished' && !bad && !verdictFailed ? 0 : Math.max(code, 1);
}
