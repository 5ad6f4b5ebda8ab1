import { parseArgs } from 'node:util';
import { AppError } from '../../../shared/contract/errors';
import type { Batch, BatchItem, BatchSummary } from '../../../shared/domain/batches';
import { titleFromFileName } from '../../../shared/domain/manifest';
import { parseSignerSpec, type Signer } from '../../../shared/domain/signers';
import { alreadySentCode, maxConcurrency } from '../../../shared/domain/batches';
import { emit, pickAccount, UsageError, type CliContext } from '../io';
import { terminalSafe } from '../terminal-safe';
import { teamFailure, teamWaits } from '../../core/team/team-words';

export const sendUsage =
  'send <pdf or folder>... [--signer SPEC]... [--manifest FILE] [--title TEXT] [--concurrency N] [--send-again] | send --resume <batch-id>';

/** One row of `send --json`. */
interface SendJsonItem {
  file: string;
  title: string;
  status: string;
  document_id: string | null;
  error: string | null;
  signatures: { id: string; url: string | null }[];
}

/**
 * `send`: files and folders → a batch written to SQLite, checked, then sent (progress on stderr).
 * Every `--signer` signs every file; a `--manifest` says per file. `--title` names a single file's
 * document, or prefixes each title when there are several. A file this account already sent (any
 * batch) is left out with when and as what, unless `--send-again`. Exit 1 when any row was not sent.
 */
export async function sendCommand(ctx: CliContext, args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        signer: { type: 'string', multiple: true },
        manifest: { type: 'string' },
        title: { type: 'string' },
        concurrency: { type: 'string' },
        resume: { type: 'string' },
        'send-again': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${sendUsage}`);
  }
  const { values, positionals } = parsed;
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > maxConcurrency)) {
    throw new UsageError(`--concurrency must be a whole number from 1 to ${maxConcurrency}.`);
  }
  const batches = ctx.core.batches;

  if (values.resume !== undefined) {
    if (positionals.length > 0 || values.signer || values.manifest || values.title || values['send-again']) {
      throw new UsageError('--resume takes only the batch id (and --concurrency is ignored).');
    }
    const batch = batches.batch(values.resume);
    const account = pickAccount(ctx, await ctx.core.accounts.state());
    if (batch.accountId !== account.id) {
      throw new UsageError(
        `Batch ${batch.id} was sent with another account than "${account.name}". Resume it with the same account (--account NAME, or the same SIGNDOCK_API_KEY and SIGNDOCK_BASE_URL).`,
      );
    }
    await teamReady(ctx);
    ctx.err(`Resuming batch ${batch.id}…\n`);
    if (batch.state === 'draft') batches.send(batch.id, concurrency);
    else if (batch.state !== 'done' && batch.state !== 'cancelled') batches.resume(batch.id);
    return finish(ctx, batch.id);
  }

  if (positionals.length === 0) throw new UsageError(`Give at least one PDF or folder.\nUsage: ${sendUsage}`);
  const signers: Signer[] = [];
  for (const spec of values.signer ?? []) {
    const result = parseSignerSpec(spec);
    if (!result.ok) throw new UsageError(`--signer '${spec}': ${result.problems.map((problem) => problem.message).join(' ')}`);
    signers.push(result.signer);
  }
  if (signers.length === 0 && !values.manifest) {
    throw new UsageError(
      `Say who signs: --signer 'EM=ana@example.com;invite=EM' (one per signer) or --manifest FILE.\nUsage: ${sendUsage}`,
    );
  }
  const title = values.title?.trim();
  if (title === '') throw new UsageError('--title cannot be empty.');

  const accountId = pickAccount(ctx, await ctx.core.accounts.state()).id;
  await teamReady(ctx);
  const created = batches.create('cli', accountId);
  ctx.err(`Batch ${created.id} (if interrupted: send --resume ${created.id})\n`);
  // With --title, rows are titled "TITLE – <title from the file name>"; a single file takes TITLE alone.
  let batch = await batches.addFiles(created.id, positionals.map(ctx.path), {
    ...(signers.length > 0 ? { signers } : {}),
    ...(title !== undefined ? { title: (fileName: string) => `${title} – ${titleFromFileName(fileName)}`.slice(0, 200) } : {}),
  });
  for (const skipped of batch.skipped) ctx.err(`Skipped: ${terminalSafe(skipped.message)}\n`);
  if (title !== undefined && batch.items.length === 1) batch = batches.updateItems(batch.id, [batch.items[0]!.id], { title });
  if (values.manifest) {
    batch = await batches.importManifest(batch.id, { path: ctx.path(values.manifest) });
    for (const problem of batch.manifestProblems) ctx.err(`Manifest: ${terminalSafe(problem.message)}\n`);
  }
  if (values['send-again'] && batch.items.length > 0)
    batch = batches.updateItems(
      batch.id,
      batch.items.map((item) => item.id),
      { sendAgain: true },
    );
  if (batch.items.length === 0) {
    throw new AppError({
      kind: 'InvalidInput',
      code: 'batch.nothingToSend',
      message: 'There is nothing to send: no PDF among the files given.',
    });
  }
  ctx.err(`Checking ${batch.items.length} file${batch.items.length === 1 ? '' : 's'}…\n`);
  batches.send(batch.id, concurrency);
  return finish(ctx, batch.id);
}

/** In a team, nothing is sent without the team store: said at once, before a batch is made (exit 1). */
async function teamReady(ctx: CliContext): Promise<void> {
  try {
    await ctx.core.team?.ready();
    // The team's job queue learns this account's key (its batch's job is the team's).
    await ctx.core.ready();
  } catch (error) {
    throw teamWaits(teamFailure(error, ctx.core.team!.config));
  }
}

/**
 * Waits for the batch with progress on stderr, prints the results, and says the exit code. The first
 * Ctrl+C stops taking new rows and waits for the requests in flight (the batch is paused, so
 * `send --resume` goes on); a second one quits at once, the batch still resumable.
 */
async function finish(ctx: CliContext, batchId: string): Promise<number> {
  const batches = ctx.core.batches;
  let lastLine = '';
  let ownerSaid: 'other' | 'self' | null = null;
  const show = (summary: BatchSummary) => {
    const owner = summary.owner;
    if (owner && !owner.self && ownerSaid !== 'other') {
      ctx.err(
        `${lastLine ? '\n' : ''}Batch ${summary.id} is being sent by another SignDock on this computer (PID ${owner.pid}); following it.\n`,
      );
      ownerSaid = 'other';
      lastLine = '';
    } else if (owner?.self && ownerSaid === 'other') {
      ctx.err(`${lastLine ? '\n' : ''}The other SignDock stopped; this one goes on with batch ${summary.id}.\n`);
      ownerSaid = 'self';
      lastLine = '';
    }
    const line = progressLine(summary);
    if (line !== lastLine) {
      ctx.err(`\r${line.padEnd(lastLine.length)}`);
      lastLine = line;
    }
  };
  const unsubscribe = ctx.core.events.subscribe((message) => {
    if (message.event !== 'batches.changed') return;
    const { batch } = message.payload as { batch: BatchSummary };
    if (batch.id === batchId) show(batch);
  });
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) {
      ctx.err(`\nStopped at once. Requests in flight are checked with the service on resume: send --resume ${batchId}\n`);
      process.exit(130);
    }
    interrupted = true;
    ctx.err(`\nStopping: no new rows will be sent; waiting for the requests already on their way (Ctrl+C again to quit at once)…\n`);
    lastLine = '';
    try {
      batches.pause(batchId);
    } catch {
      // Already settled or paused: nothing to stop.
    }
  };
  process.on('SIGINT', onInterrupt);
  show(batches.summary(batchId));
  try {
    await batches.whenSettled(batchId);
  } finally {
    unsubscribe();
    process.off('SIGINT', onInterrupt);
  }
  const batch = batches.batch(batchId);
  show(batch); // the final state, which a throttled event may not have carried yet
  if (lastLine) ctx.err('\n');
  const items = batch.items.map(jsonItem);
  emit(ctx, { batch_id: batch.id, ...(interrupted ? { interrupted: true, resume: `send --resume ${batch.id}` } : {}), items }, () =>
    describe(batch),
  );
  const allSent = batch.items.every((item) => item.state === 'sent' || (item.excluded && item.state === 'draft'));
  return allSent && batch.state === 'done' ? 0 : 1;
}

function jsonItem(item: BatchItem): SendJsonItem {
  return {
    file: item.path,
    title: item.title,
    status: item.state,
    document_id: item.documentId,
    error: item.error?.message ?? (item.state === 'sent' ? null : (item.problems[0]?.message ?? null)),
    signatures: item.signatures.map((signature) => ({ id: signature.id, url: signature.url })),
  };
}

function progressLine(batch: BatchSummary): string {
  const p = batch.progress;
  if (batch.state === 'checking' || p.checking > 0) return `Checking files: ${p.total - p.checking} of ${p.total}…`;
  const queued = p.byState.ready + p.byState.sending + p.byState.uncertain;
  const parts = [`Sent ${p.byState.sent} of ${p.byState.sent + queued + p.byState.failed}`];
  if (p.byState.failed > 0) parts.push(`${p.byState.failed} failed`);
  if (p.byState.uncertain > 0) parts.push(`${p.byState.uncertain} being checked with the service`);
  if (p.bytesTotal > 0) parts.push(`${megabytes(p.bytesDone)} of ${megabytes(p.bytesTotal)}`);
  if (p.rateLimitedUntil) {
    const seconds = Math.max(1, Math.ceil((Date.parse(p.rateLimitedUntil) - Date.now()) / 1000));
    parts.push(`paused: rate limited, resuming in ${seconds} s`);
  } else if (p.secondsLeft !== null && queued > 0) {
    parts.push(`about ${p.secondsLeft} s left`);
  }
  return parts.join(' · ');
}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function describe(batch: Batch): string {
  const lines = batch.items.map((item) => {
    if (item.state === 'sent') {
      const links = item.signatures
        .map(
          (signature) => `\n    ${terminalSafe(signature.label || signature.id)}: ${terminalSafe(signature.url ?? '(invited by message)')}`,
        )
        .join('');
      return `sent    ${terminalSafe(item.fileName)} → ${terminalSafe(item.documentId ?? '')}${item.recovered ? ' (found after an interrupted send)' : ''}${links}`;
    }
    if (item.excluded && item.state === 'draft') return `skipped ${terminalSafe(item.fileName)} (excluded)`;
    const sentBefore = item.state === 'draft' ? item.problems.find((problem) => problem.code === alreadySentCode) : undefined;
    if (sentBefore)
      return `skipped ${terminalSafe(item.fileName)}: ${terminalSafe(sentBefore.message.replace(/; left out.*$/, ''))}. To send it again: add --send-again`;
    const why = terminalSafe(item.error?.message ?? item.problems[0]?.message ?? '');
    return `${item.state.padEnd(7)} ${terminalSafe(item.fileName)}${why ? `: ${why}` : ''}`;
  });
  const p = batch.progress;
  const tail =
    batch.state === 'done'
      ? `Batch ${batch.id}: ${p.byState.sent} sent, ${p.byState.failed} failed.`
      : `Batch ${batch.id} is ${batch.state}${batch.stoppedBy ? `: ${terminalSafe(batch.stoppedBy.message)}` : ''}: ${p.byState.sent} sent, ${
          batch.items.length - p.byState.sent
        } not sent yet. Resume with: npm run -s cli -- send --resume ${batch.id}`;
  return `${lines.join('\n')}\n${tail}`;
}
