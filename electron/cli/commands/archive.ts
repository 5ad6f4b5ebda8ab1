import { statSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ArchivePlan, Check, IndexResult, SignerTrust, Verdict } from '../../../shared/domain/evidence';
import type { JobItemView, JobView } from '../../../shared/domain/jobs';
import { favourMemory } from './favour-memory';
import { call, emit, UsageError, type CliContext } from '../io';
import { syncCommand } from './sync';
import { followJob } from './follow-job';
import { outcomeLines, shown } from './verdict-lines';

export const archiveUsage =
  'archive [--from DATE] [--to DATE] [--ids ID,...] [<document-id>...] [--dir DIR] [--no-sync] | archive --rebuild-index [--dir DIR]';

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
 * Each bag's outcome is said as it settles: its verdict (passed, FAILED, INCOMPLETE), its signers'
 * trust, and each check that failed or could not run. `--rebuild-index` verifies every bag of the
 * archive (or of `--dir`, no account needed) from its bytes and names each that did not pass.
 */
export async function archiveCommand(ctx: CliContext, args: string[]): Promise<number> {
  const options = {
    from: { type: 'string' },
    to: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    ids: { type: 'string' },
    status: { type: 'string' },
    dir: { type: 'string' },
    'no-sync': { type: 'boolean' },
    'rebuild-index': { type: 'boolean' },
  } as const;
  const { values, positionals } = parse(args, options, archiveUsage);
  // This process now streams gigabytes through downloads, hashes and ZIP reads.
  favourMemory();
  if (values['rebuild-index']) {
    // --dir: the bags of that folder (an archive made elsewhere) are indexed; no account is needed.
    if (typeof values.dir === 'string' && !statSync(ctx.path(values.dir), { throwIfNoEntry: false })?.isDirectory()) {
      throw new UsageError(`--dir: "${values.dir}" is not a folder. Give the folder that holds the evidence archive (its bags).`);
    }
    const rebuilt =
      typeof values.dir === 'string'
        ? await call<IndexResult>(ctx, 'evidence.indexFolder', { path: ctx.path(values.dir) })
        : await call<IndexResult>(ctx, 'evidence.rebuildIndex', {});
    const { passed, failed, incomplete } = rebuilt.verdicts;
    emit(ctx, rebuilt, () =>
      [
        ...rebuilt.results
          .filter((r) => r.verdict !== 'passed')
          .flatMap((r) => [
            ...outcomeLines(r.bagPath, { verdict: r.verdict, trust: r.trust, checks: [] }),
            ...r.problems.slice(0, 10).map((p) => `            ${p.kind}: ${shown(p.path, 300)}: ${shown(p.detail, 300)}`),
          ]),
        `Indexed ${rebuilt.bags} bag${rebuilt.bags === 1 ? '' : 's'} from ${shown(rebuilt.folder, 500)}, each verified from its files: ${passed} passed, ${failed} failed, ${incomplete} incomplete.`,
      ].join('\n'),
    );
    return failed + incomplete > 0 ? 1 : 0;
  }
  if (values.status !== undefined && String(values.status).toUpperCase() !== 'CO')
    throw new UsageError('Only completed documents (--status CO) have evidence to archive.');
  const ids = [...positionals, ...String(values.ids ?? '').split(/[\s,;]+/)].filter(Boolean);
  const from = values.from ?? values.since;
  const to = values.to ?? values.until;
  for (const [flag, value] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (value !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(String(value)) || Number.isNaN(Date.parse(String(value)))))
      throw new UsageError(`${flag} takes a date as YYYY-MM-DD ("${String(value)}" is not one).`);
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
  const { settled, items } = await followArchive(ctx, job);
  // A job that stopped (the key refused, the disk, the team store unreachable) says why; `jobs resume` carries it on.
  if (settled.stoppedBy) ctx.err(`${shown(settled.stoppedBy.message, 1000)}\n`);
  const bags = items
    .filter((item) => item.state === 'done')
    .map((item) => ({ documentId: item.subject, title: item.label ?? item.subject, ...bagOutcome(item) }));
  const count = (verdict: Verdict) => bags.filter((b) => b.verdict === verdict).length;
  const verdicts = { passed: count('passed'), failed: count('failed'), incomplete: count('incomplete') };
  emit(ctx, { job: settled, items, bags, verdicts }, () =>
    [
      `Job ${settled.id}: ${settled.state}. ${bags.length} bag${bags.length === 1 ? '' : 's'}: ${verdicts.passed} passed, ${verdicts.failed} failed, ${verdicts.incomplete} incomplete.`,
      ...(verdicts.failed + verdicts.incomplete > 0
        ? ['Bags that failed or are incomplete are named above with their checks; "verify" re-checks them from their files.']
        : []),
    ].join('\n'),
  );
  // Documents skipped because they are already archived are not a failure of this run.
  const bad = items.some(
    (item) =>
      item.state === 'failed' ||
      item.state === 'pending' ||
      item.state === 'running' ||
      (item.state === 'skipped' && item.outcome?.reason !== 'alreadyArchived'),
  );
  // Bags the TSA did not stamp are archived all the same (their verdict stands); a later `timestamp` adds the tokens.
  const notYet = items.filter((item) => item.state === 'done' && item.outcome?.timestamp === 'not-yet').length;
  if (notYet > 0)
    ctx.err(
      `${notYet} bag${notYet === 1 ? ' is' : 's are'} not timestamped yet: the time-stamping authority did not give a token. They are archived; run "timestamp" later to add the tokens.\n`,
    );
  return settled.state === 'finished' && !bad && verdicts.failed + verdicts.incomplete === 0 ? 0 : 1;
}

interface ArchiveOutcome {
  bagPath: string | null;
  verdict: Verdict;
  trust: SignerTrust;
  checks: (Pick<Check, 'id' | 'status' | 'file' | 'title' | 'detail' | 'params'> & { items: Check['items'] })[];
}

/** What the job item says of its bag (an item written by an older SignDock without a verdict reads as incomplete). */
function bagOutcome(item: JobItemView): ArchiveOutcome {
  const outcome = item.outcome ?? {};
  const verdict =
    outcome.verdict === 'passed' || outcome.verdict === 'failed' || outcome.verdict === 'incomplete' ? outcome.verdict : 'incomplete';
  const trust = outcome.trust === 'trusted' || outcome.trust === 'notVouched' ? outcome.trust : 'none';
  // Each check with the files of it that did not pass (every one: `--json` names them all; an older item has none).
  const checks = Array.isArray(outcome.checks)
    ? (
        outcome.checks as {
          id: string;
          status: Check['status'];
          file: string | null;
          title: string;
          params?: Check['params'];
          items?: Check['items'];
        }[]
      ).map((c) => ({ ...c, detail: '', params: c.params ?? {}, items: Array.isArray(c.items) ? c.items : [] }))
    : [];
  return { bagPath: typeof outcome.bagPath === 'string' ? outcome.bagPath : null, verdict, trust, checks };
}

/**
 * Follows the job: each item said as it settles (a bag with its verdict, trust and failed or
 * incomplete checks; a skipped or failed document with why), then the settled job and its items.
 */
async function followArchive(ctx: CliContext, job: JobView): Promise<{ settled: JobView; items: JobItemView[] }> {
  const said = new Set<number>();
  let reading: Promise<void> | null = null;
  let again = false;
  const sayNew = async () => {
    const { items } = await call<{ items: JobItemView[] }>(ctx, 'jobs.get', { jobId: job.id });
    for (const item of items) {
      if (said.has(item.seq) || item.state === 'pending' || item.state === 'running') continue;
      said.add(item.seq);
      const title = `“${item.label ?? item.subject}”`;
      if (item.state === 'done') {
        const outcome = bagOutcome(item);
        const lines = outcomeLines(
          `${title}${outcome.bagPath ? ` → ${outcome.bagPath}` : ''}${item.outcome?.already ? ' (already archived)' : ''}`,
          outcome,
        );
        if (ctx.json) ctx.err(`${lines[0]}\n`);
        else ctx.out(`${lines.join('\n')}\n`);
      } else {
        ctx.err(`${item.state.padEnd(11)} ${shown(title, 300)}${item.error ? `: ${shown(item.error.message, 300)}` : ''}\n`);
      }
    }
  };
  const read = () => {
    if (reading) {
      again = true;
      return;
    }
    reading = sayNew()
      .catch(() => undefined)
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          read();
        }
      });
  };
  // The progress line on stderr (as every job command has it), each bag's outcome on stdout.
  const settled = await followJob(ctx, job, read);
  while (reading) await reading;
  await sayNew();
  const { items } = await call<{ items: JobItemView[] }>(ctx, 'jobs.get', { jobId: job.id });
  return { settled, items };
}
