import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { JobItemView, JobView } from '../../../shared/domain/jobs';
import { parseSignerSpec } from '../../../shared/domain/signers';
import { call, emit, UsageError, type CliContext } from '../io';

const reasonMax = 254;

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>, usage: string) {
  try {
    return parseArgs({ args, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}`);
  }
}

export const cancelUsage = 'cancel <document-id>... --reason TEXT [--from-file FILE]';
/** `cancel`: documents cancelled as one job, with the reason the signers and the service see; a document already cancelled counts as done (exit 0). */
export async function cancelCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { reason: { type: 'string' }, 'from-file': { type: 'string' } }, cancelUsage);
  const ids = [...positionals];
  if (typeof values['from-file'] === 'string') {
    const text = await readFile(ctx.path(values['from-file']), 'utf8').catch(() => {
      throw new UsageError(`The file "${values['from-file']}" could not be read.`);
    });
    ids.push(...text.split(/[\s,;]+/).filter((word) => /^[0-9a-f-]{8,}$/i.test(word)));
  }
  if (ids.length === 0) throw new UsageError(`Give at least one document id.\nUsage: ${cancelUsage}`);
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (!reason) throw new UsageError(`--reason is required: say why the documents are cancelled (the signers and the service see it). Nothing was sent.\nUsage: ${cancelUsage}`);
  if (reason.length > reasonMax) throw new UsageError(`--reason has ${reason.length} characters; the service accepts at most ${reasonMax}. Nothing was sent.`);
  const plan = await call<{ skipped: { title: string; reason: string }[] }>(ctx, 'documents.planCancel', { documentIds: ids });
  for (const skipped of plan.skipped) {
    if (skipped.reason === 'alreadyCancelled') ctx.err(`Already cancelled: “${skipped.title}” (counts as done, nothing sent)\n`);
    else ctx.err(`Skipped: “${skipped.title}” (${skippedWords[skipped.reason] ?? skipped.reason})\n`);
  }
  const job = await call<JobView>(ctx, 'documents.cancel', { documentIds: ids, reason });
  return finishJob(ctx, job, { done: 'cancelled' });
}

export const remindUsage = 'remind <signature-id>... | remind --pending-since DAYS';
/** `remind`: reminders to pending signers (one per signer every 2 hours, the service's rule). */
export async function remindCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { 'pending-since': { type: 'string' } }, remindUsage);
  let documentIds: string[];
  let signatureIds: string[] | undefined;
  if (values['pending-since'] !== undefined) {
    const days = Number(values['pending-since']);
    if (!Number.isFinite(days) || days < 0 || positionals.length > 0) throw new UsageError(`--pending-since takes a number of days, and no ids.\nUsage: ${remindUsage}`);
    const cutoff = Date.now() - days * 86_400_000;
    const pending = await listAll(ctx, 'PE');
    documentIds = pending.filter((d) => d.createdAt && Date.parse(d.createdAt) <= cutoff).map((d) => d.id);
  } else {
    if (positionals.length === 0) throw new UsageError(`Give signature ids or --pending-since DAYS.\nUsage: ${remindUsage}`);
    signatureIds = positionals;
    const pending = await listAll(ctx);
    documentIds = pending.filter((d) => d.signatures.some((s) => positionals.includes(s.id))).map((d) => d.id);
  }
  if (documentIds.length === 0) {
    emit(ctx, { job: null, items: [] }, () => 'Nobody to remind.');
    return 0;
  }
  const plan = await call<{ skipped: { title: string; reason: string }[] }>(ctx, 'signatures.planRemind', { documentIds, ...(signatureIds ? { signatureIds } : {}) });
  for (const skipped of plan.skipped) ctx.err(`Skipped: a signer of “${skipped.title}” (${skippedWords[skipped.reason] ?? skipped.reason})\n`);
  const job = await call<JobView>(ctx, 'signatures.remind', { documentIds, ...(signatureIds ? { signatureIds } : {}) });
  return finishJob(ctx, job, { done: 'reminded' });
}

export const invalidateUsage = 'invalidate <signature-id> --reason TEXT [--new-signer VALUE | --signer SPEC] [--message TEXT] (--notify | --no-notify)';
/** `invalidate`: one signature invalidated (irreversible), optionally replaced. */
export async function invalidateCommand(ctx: CliContext, args: string[]): Promise<number> {
  const options = { reason: { type: 'string' }, 'new-signer': { type: 'string' }, signer: { type: 'string' }, message: { type: 'string' }, notify: { type: 'boolean' }, 'no-notify': { type: 'boolean' } } as const;
  const { values, positionals } = parse(args, options, invalidateUsage);
  const [signatureId, ...rest] = positionals;
  if (!signatureId || rest.length > 0) throw new UsageError(`Give one signature id.\nUsage: ${invalidateUsage}`);
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (!reason) throw new UsageError(`--reason is required: say why the signature is invalidated.\nUsage: ${invalidateUsage}`);
  if (Boolean(values.notify) === Boolean(values['no-notify'])) throw new UsageError(`Say --notify or --no-notify (whether the original signer is told).\nUsage: ${invalidateUsage}`);
  if (values['new-signer'] !== undefined && values.signer !== undefined) throw new UsageError('Give --new-signer or --signer, not both.');
  let customSignature;
  if (typeof values.signer === 'string') {
    const parsed = parseSignerSpec(values.signer);
    if (!parsed.ok) throw new UsageError(`--signer '${values.signer}': ${parsed.problems.map((p) => p.message).join(' ')}`);
    customSignature = {
      validations: parsed.signer.validations,
      ...(parsed.signer.invite.length > 0 ? { inviteChannel: parsed.signer.invite } : {}),
      ...(typeof values.message === 'string' ? { message: values.message } : {}),
    };
  }
  const document = (await listAll(ctx)).find((d) => d.signatures.some((s) => s.id === signatureId));
  if (!document) throw new UsageError(`No document in the mirror has the signature ${signatureId}. Run "sync" first.`);
  const invalidation = {
    reason,
    notify: Boolean(values.notify),
    ...(typeof values['new-signer'] === 'string' ? { newSigner: values['new-signer'] } : {}),
    ...(customSignature ? { customSignature } : {}),
  };
  const job = await call<JobView>(ctx, 'signatures.invalidate', { signatureId, documentId: document.id, invalidation });
  return finishJob(ctx, job, { done: 'invalidated' });
}

export const replaceUsage = 'replace-signer --from VALUE --to VALUE [--status PE] --reason TEXT (--notify | --no-notify)';
/** `replace-signer`: wherever VALUE still has to sign (pending documents), invalidate and invite the new signer. */
export async function replaceCommand(ctx: CliContext, args: string[]): Promise<number> {
  const options = { from: { type: 'string' }, to: { type: 'string' }, status: { type: 'string' }, reason: { type: 'string' }, notify: { type: 'boolean' }, 'no-notify': { type: 'boolean' } } as const;
  const { values, positionals } = parse(args, options, replaceUsage);
  if (positionals.length > 0 || typeof values.from !== 'string' || typeof values.to !== 'string') throw new UsageError(`--from and --to are required.\nUsage: ${replaceUsage}`);
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (!reason) throw new UsageError(`--reason is required.\nUsage: ${replaceUsage}`);
  if (values.status !== undefined && String(values.status).toUpperCase() !== 'PE') throw new UsageError('Only pending documents (--status PE) can have a signer replaced.');
  if (Boolean(values.notify) === Boolean(values['no-notify'])) throw new UsageError(`Say --notify or --no-notify.\nUsage: ${replaceUsage}`);
  const plan = await call<{ title: string }[]>(ctx, 'signatures.planReplace', { from: values.from });
  ctx.err(`${plan.length} signature${plan.length === 1 ? '' : 's'} of ${values.from} to replace with ${values.to}.\n`);
  if (plan.length === 0) {
    emit(ctx, { job: null, items: [] }, () => 'Nothing to replace.');
    return 0;
  }
  const job = await call<JobView>(ctx, 'signatures.replace', { from: values.from, to: values.to, reason, notify: Boolean(values.notify) });
  return finishJob(ctx, job, { done: 'replaced' });
}

const skippedWords: Record<string, string> = {
  completed: 'already completed',
  alreadyCancelled: 'already cancelled',
  signed: 'already signed',
  rejected: 'rejected',
  cancelled: 'cancelled',
  noChannel: 'invited by link, no channel to remind on',
  documentNotPending: 'the document is not pending',
};

async function listAll(ctx: CliContext, status?: string): Promise<{ id: string; createdAt: string | null; signatures: { id: string }[] }[]> {
  const all: { id: string; createdAt: string | null; signatures: { id: string }[] }[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await call<{ total: number; documents: typeof all }>(ctx, 'documents.list', { ...(status ? { status } : {}), limit: 500, offset });
    all.push(...page.documents);
    if (page.documents.length < 500) return all;
  }
}

/**
 * Waits for a job with progress on stderr (Ctrl+C pauses it: items in flight finish), then prints one
 * line per item (`--json`: `{job, items}`). Exit 0 when every item ended as asked, else 1.
 */
export async function finishJob(ctx: CliContext, job: JobView, words: { done: string }): Promise<number> {
  const engine = ctx.core.jobs;
  ctx.err(`Job ${job.id}: ${job.progress.total} item${job.progress.total === 1 ? '' : 's'} (if interrupted: npm run -s cli -- jobs resume ${job.id})\n`);
  let last = '';
  const off = ctx.core.events.subscribe((message) => {
    if (message.event !== 'jobs.changed') return;
    const view = message.payload as JobView;
    if (view.id !== job.id) return;
    const p = view.progress;
    const line = `${p.byState.done + p.byState.failed + p.byState.skipped} of ${p.total} done${p.rateLimitedUntil ? ' · paused: rate limited' : ''}${p.secondsLeft ? ` · about ${p.secondsLeft} s left` : ''}`;
    if (line !== last) ctx.err(`\r${line.padEnd(last.length)}`);
    last = line;
  });
  const onInterrupt = () => {
    ctx.err(`\nPausing: items on their way finish first. Resume with: npm run -s cli -- jobs resume ${job.id}\n`);
    engine.command(job.id, 'pause');
  };
  process.once('SIGINT', onInterrupt);
  let settled: JobView;
  try {
    settled = await engine.whenSettled(job.id);
  } finally {
    off();
    process.off('SIGINT', onInterrupt);
  }
  if (last) ctx.err('\n');
  const { items } = await call<{ items: JobItemView[] }>(ctx, 'jobs.get', { jobId: job.id });
  emit(ctx, { job: settled, items }, () =>
    [
      ...items.map((item) => `${item.state === 'done' ? words.done.padEnd(11) : item.state.padEnd(11)} ${item.label ?? item.subject}${item.outcome?.already ? ' (already done)' : ''}${item.error ? `: ${item.error.message}` : ''}`),
      `Job ${settled.id}: ${settled.state}.`,
    ].join('\n'),
  );
  return settled.state === 'finished' && items.every((item) => item.state === 'done') ? 0 : 1;
}
