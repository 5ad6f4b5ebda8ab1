import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { JobItemView, JobView } from '../../../shared/domain/jobs';
import {
  CANCEL_REASON_MAX,
  CONTACT_MAX,
  contactProblem,
  customSignatureProblems,
  INVALIDATION_REASON_MAX,
  INVITATION_MESSAGE_MAX,
  normalizeContact,
  tooLong,
} from '../../../shared/domain/action-bounds';
import { serviceIdProblem } from '../../../shared/domain/service-ids';
import { parseSignerSpec } from '../../../shared/domain/signers';
import { call, emit, UsageError, type CliContext } from '../io';
import { terminalSafe } from '../terminal-safe';
import { followJob } from './follow-job';

/** Refuses, before anything is planned or sent, a value the actions' rules refuse (action-bounds.ts), naming its option. */
function check(option: string, problem: string | null): void {
  if (problem) throw new UsageError(`${option}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)} Nothing was sent.`);
}

/** Refuses ids that cannot be a document or signature id (`..`, `a/b`, `%2e%2e`…) before anything is planned or sent. */
function checkIds(what: string, ids: readonly string[]): void {
  for (const id of ids) check(what, serviceIdProblem(id));
}

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
  checkIds('Document id', ids);
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (!reason)
    throw new UsageError(
      `--reason is required: say why the documents are cancelled (the signers and the service see it). Nothing was sent.\nUsage: ${cancelUsage}`,
    );
  check('--reason', tooLong(reason, CANCEL_REASON_MAX));
  const plan = await call<{ skipped: { title: string; reason: string }[] }>(ctx, 'documents.planCancel', { documentIds: ids });
  for (const skipped of plan.skipped) {
    if (skipped.reason === 'alreadyCancelled')
      ctx.err(`Already cancelled: “${terminalSafe(skipped.title)}” (counts as done, nothing sent)\n`);
    else ctx.err(`Skipped: “${terminalSafe(skipped.title)}” (${skippedWords[skipped.reason] ?? skipped.reason})\n`);
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
    if (!Number.isFinite(days) || days < 0 || positionals.length > 0)
      throw new UsageError(`--pending-since takes a number of days, and no ids.\nUsage: ${remindUsage}`);
    const cutoff = Date.now() - days * 86_400_000;
    const pending = await listAll(ctx, 'PE');
    documentIds = pending.filter((d) => d.createdAt && Date.parse(d.createdAt) <= cutoff).map((d) => d.id);
  } else {
    if (positionals.length === 0) throw new UsageError(`Give signature ids or --pending-since DAYS.\nUsage: ${remindUsage}`);
    checkIds('Signature id', positionals);
    signatureIds = positionals;
    const pending = await listAll(ctx);
    documentIds = pending.filter((d) => d.signatures.some((s) => positionals.includes(s.id))).map((d) => d.id);
    const known = new Set(pending.flatMap((d) => d.signatures.map((s) => s.id)));
    for (const id of positionals)
      if (!known.has(id)) ctx.err(`Skipped: the signature “${terminalSafe(id)}” (${skippedWords.notInMirror})\n`);
    if (documentIds.length === 0) {
      emit(ctx, { job: null, items: [] }, () => 'Nobody to remind.');
      return 1;
    }
  }
  if (documentIds.length === 0) {
    emit(ctx, { job: null, items: [] }, () => 'Nobody to remind.');
    return 0;
  }
  const plan = await call<{ skipped: { title: string; reason: string }[] }>(ctx, 'signatures.planRemind', {
    documentIds,
    ...(signatureIds ? { signatureIds } : {}),
  });
  for (const skipped of plan.skipped.filter((s) => s.reason !== 'notInMirror'))
    ctx.err(`Skipped: a signer of “${terminalSafe(skipped.title)}” (${skippedWords[skipped.reason] ?? skipped.reason})\n`);
  const job = await call<JobView>(ctx, 'signatures.remind', { documentIds, ...(signatureIds ? { signatureIds } : {}) });
  return finishJob(ctx, job, { done: 'reminded' });
}

export const invalidateUsage =
  'invalidate <signature-id> --reason TEXT [--new-signer VALUE | --signer SPEC] [--message TEXT] (--notify | --no-notify)';
/** `invalidate`: one signature invalidated (irreversible), optionally replaced. */
export async function invalidateCommand(ctx: CliContext, args: string[]): Promise<number> {
  const options = {
    reason: { type: 'string' },
    'new-signer': { type: 'string' },
    signer: { type: 'string' },
    message: { type: 'string' },
    notify: { type: 'boolean' },
    'no-notify': { type: 'boolean' },
  } as const;
  const { values, positionals } = parse(args, options, invalidateUsage);
  const [signatureId, ...rest] = positionals;
  if (!signatureId || rest.length > 0) throw new UsageError(`Give one signature id.\nUsage: ${invalidateUsage}`);
  checkIds('Signature id', [signatureId]);
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (!reason) throw new UsageError(`--reason is required: say why the signature is invalidated.\nUsage: ${invalidateUsage}`);
  check('--reason', tooLong(reason, INVALIDATION_REASON_MAX));
  if (typeof values['new-signer'] === 'string') check('--new-signer', contactProblem(values['new-signer']));
  if (typeof values.message === 'string') check('--message', tooLong(values.message, INVITATION_MESSAGE_MAX));
  if (Boolean(values.notify) === Boolean(values['no-notify']))
    throw new UsageError(`Say --notify or --no-notify (whether the original signer is told).\nUsage: ${invalidateUsage}`);
  if (values['new-signer'] !== undefined && values.signer !== undefined) throw new UsageError('Give --new-signer or --signer, not both.');
  let customSignature;
  if (typeof values.signer === 'string') {
    check('--signer', tooLong(values.signer, 1000));
    const parsed = parseSignerSpec(values.signer);
    if (!parsed.ok) throw new UsageError(`--signer '${terminalSafe(values.signer)}': ${parsed.problems.map((p) => p.message).join(' ')}`);
    check(
      '--signer',
      customSignatureProblems({ validations: parsed.signer.validations, inviteChannel: parsed.signer.invite })[0]?.message ?? null,
    );
    customSignature = {
      validations: parsed.signer.validations,
      ...(parsed.signer.invite.length > 0 ? { inviteChannel: parsed.signer.invite } : {}),
      ...(typeof values.message === 'string' ? { message: values.message } : {}),
    };
  }
  const document = (await listAll(ctx)).find((d) => d.signatures.some((s) => s.id === signatureId));
  if (!document)
    throw new UsageError(`The signature ${signatureId} was not found in this account (run "sync" if it is new). Nothing was sent.`);
  const invalidation = {
    reason,
    notify: Boolean(values.notify),
    ...(typeof values['new-signer'] === 'string' ? { newSigner: normalizeContact(values['new-signer']) } : {}),
    ...(customSignature ? { customSignature } : {}),
  };
  const job = await call<JobView>(ctx, 'signatures.invalidate', { signatureId, documentId: document.id, invalidation });
  return finishJob(ctx, job, { done: 'invalidated' });
}

export const replaceUsage = 'replace-signer --from VALUE --to VALUE [--status PE] --reason TEXT (--notify | --no-notify)';
/** `replace-signer`: wherever VALUE still has to sign (pending documents), invalidate and invite the new signer. */
export async function replaceCommand(ctx: CliContext, args: string[]): Promise<number> {
  const options = {
    from: { type: 'string' },
    to: { type: 'string' },
    status: { type: 'string' },
    reason: { type: 'string' },
    notify: { type: 'boolean' },
    'no-notify': { type: 'boolean' },
  } as const;
  const { values, positionals } = parse(args, options, replaceUsage);
  if (positionals.length > 0 || typeof values.from !== 'string' || typeof values.to !== 'string')
    throw new UsageError(`--from and --to are required.\nUsage: ${replaceUsage}`);
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (!reason) throw new UsageError(`--reason is required.\nUsage: ${replaceUsage}`);
  check('--reason', tooLong(reason, INVALIDATION_REASON_MAX));
  check('--from', tooLong(values.from, CONTACT_MAX));
  check('--to', contactProblem(values.to));
  if (values.status !== undefined && String(values.status).toUpperCase() !== 'PE')
    throw new UsageError('Only pending documents (--status PE) can have a signer replaced.');
  if (Boolean(values.notify) === Boolean(values['no-notify'])) throw new UsageError(`Say --notify or --no-notify.\nUsage: ${replaceUsage}`);
  const plan = await call<{ title: string }[]>(ctx, 'signatures.planReplace', { from: values.from });
  ctx.err(
    `${plan.length} signature${plan.length === 1 ? '' : 's'} of ${terminalSafe(values.from)} to replace with ${terminalSafe(values.to)}.\n`,
  );
  if (plan.length === 0) {
    emit(ctx, { job: null, items: [] }, () => 'Nothing to replace.');
    return 0;
  }
  const job = await call<JobView>(ctx, 'signatures.replace', {
    from: values.from,
    to: normalizeContact(values.to),
    reason,
    notify: Boolean(values.notify),
  });
  return finishJob(ctx, job, { done: 'replaced' });
}

const skippedWords: Record<string, string> = {
  completed: 'already completed',
  alreadyCancelled: 'already cancelled',
  notCancellable: 'only draft and pending documents can be cancelled',
  signed: 'already signed',
  rejected: 'rejected',
  cancelled: 'cancelled',
  replaced: 'replaced by another signer',
  noChannel: 'invited by link, no channel to remind on',
  documentNotPending: 'the document is not pending',
  notInMirror: 'not found in this account; nothing is sent for it',
};

async function listAll(
  ctx: CliContext,
  status?: string,
): Promise<{ id: string; createdAt: string | null; signatures: { id: string }[] }[]> {
  const all: { id: string; createdAt: string | null; signatures: { id: string }[] }[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await call<{ total: number; documents: typeof all }>(ctx, 'documents.list', {
      ...(status ? { status } : {}),
      limit: 500,
      offset,
    });
    all.push(...page.documents);
    if (page.documents.length < 500) return all;
  }
}

/**
 * Waits for a job with progress on stderr (Ctrl+C pauses it: items in flight finish), then prints one
 * line per item (`--json`: `{job, items}`). Exit 0 when every item ended as asked, else 1.
 */
export async function finishJob(ctx: CliContext, job: JobView, words: { done: string }): Promise<number> {
  const settled = await followJob(ctx, job);
  const { items } = await call<{ items: JobItemView[] }>(ctx, 'jobs.get', { jobId: job.id });
  emit(ctx, { job: settled, items }, () =>
    [
      ...items.map(
        (item) =>
          `${item.state === 'done' ? words.done.padEnd(11) : item.state.padEnd(11)} ${terminalSafe(item.label ?? item.subject)}${item.outcome?.already ? ' (already done)' : ''}${item.state === 'skipped' && typeof item.outcome?.reason === 'string' ? ` (${skippedWords[item.outcome.reason] ?? terminalSafe(item.outcome.reason)})` : ''}${item.error ? `: ${terminalSafe(item.error.message)}` : ''}`,
      ),
      `Job ${settled.id}: ${settled.state}.`,
    ].join('\n'),
  );
  return settled.state === 'finished' && items.every((item) => item.state === 'done') ? 0 : 1;
}
