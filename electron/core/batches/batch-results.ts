import { AppError, type AppErrorShape } from '../../../shared/contract/errors';
import {
  alreadySentCode,
  batchItemStates,
  duplicateOfCode,
  type Batch,
  type BatchItem,
  type BatchItemState,
  type BatchSummary,
  type ItemProblem,
} from '../../../shared/domain/batches';
import { validateSigner, type Signer } from '../../../shared/domain/signers';
import type { Limiter } from '../api/limiter';
import type { JobLeases } from '../jobs/leases';
import type { Logger } from '../logging/logger';
import type { BatchRepo, BatchRow, ItemRow, SentFile, Tally } from './batch-repo';
import type { SentLedger } from './sent-ledger';
import type { LiveBatches } from './batch-live';
import { earlierCopies } from './pdf-check';
import { resultsCsv } from './results-csv';

export interface ResultsDeps {
  repo: BatchRepo;
  /** Which files this account already sent (this data folder's ledger, or the team's). */
  sent: Pick<SentLedger, 'find'>;
  leases: JobLeases;
  live: LiveBatches;
  /** When this process's run of the batch's job started, and what was settled then (null when it does not run it). */
  pace: (batchId: string) => { elapsedMs: number; settledAtStart: number; bytesAtStart: number } | null;
  limiter: (accountId: string) => Limiter;
  emit: (batch: BatchSummary, items: BatchItem[]) => void;
  now: () => number;
  logger?: Logger;
  /** Milliseconds between `batches.changed` events of one batch (default 100). */
  emitEveryMs?: number;
}

/**
 * What a batch looks like to its readers: rows with their problems, the summary (counts, bytes, time
 * left, rate-limit pause, the process that owns it), `batches.changed` events, and the results CSV.
 */
export class BatchResults {
  private closed = false;

  constructor(private readonly deps: ResultsDeps) {}

  /**
   * No more `batches.changed` once the core closes: pending ones are dropped, and a check that ends
   * while the core closes schedules none (it would read the database after it was closed).
   */
  close(): void {
    this.closed = true;
    for (const live of this.deps.live.all()) {
      if (live.timer) clearTimeout(live.timer);
      live.timer = null;
      live.pending.clear();
    }
  }

  batch(batchId: string): Batch {
    const row = this.row(batchId);
    const items = this.itemsOf(row.id);
    return { ...this.summaryFrom(row, items), items, skipped: row.skipped, manifestProblems: row.manifestProblems };
  }

  summary(batchId: string): BatchSummary {
    const row = this.row(batchId);
    return this.summaryFrom(row, this.itemsOf(row.id));
  }

  exportResults(batchId: string): { fileName: string; text: string } {
    const row = this.row(batchId);
    return { fileName: `signdock-results-${row.createdAt.slice(0, 10)}.csv`, text: resultsCsv(this.itemsOf(row.id)) };
  }

  /** Rows changed: one `batches.changed` per batch at most every `emitEveryMs`, with the rows changed since the last. */
  changed(batchId: string, itemIds: readonly string[]): void {
    if (this.closed) return;
    const live = this.deps.live.of(batchId);
    itemIds.forEach((id) => live.pending.add(id));
    if (live.timer) return;
    live.timer = setTimeout(() => {
      live.timer = null;
      const row = this.deps.repo.batch(batchId);
      if (!row) return;
      const ids = new Set(live.pending);
      live.pending.clear();
      const [summary, items] = this.changes(row, ids);
      try {
        this.deps.emit(summary, items);
      } catch (error) {
        this.deps.logger?.log('error', 'batch: an event listener failed', { error: String(error) });
      }
    }, this.deps.emitEveryMs ?? 100);
    live.timer.unref?.();
  }

  /**
   * A `batches.changed` payload: the summary and the changed rows, in position order. Only a draft
   * row that is checked and not excluded can be sendable, and counting sendable rows means reading
   * them all (their problems); when there is none (always once the batch is queued) the summary
   * comes from SQL tallies and only the changed rows are read.
   */
  private changes(row: BatchRow, ids: ReadonlySet<string>): [BatchSummary, BatchItem[]] {
    const tallies = this.deps.repo.tallies(row.id);
    // Rows left out of a batch already queued (an already-sent file) stay draft but are never sendable.
    const preparing = row.state === 'draft' || row.state === 'checking';
    if (preparing && tallies.some((tally) => tally.state === 'draft' && tally.checked && !tally.excluded)) {
      const items = this.itemsOf(row.id);
      // A row whose check ends can make an earlier-reported row a copy of it (or no longer one): rows
      // with the same bytes as a changed row are sent again too.
      const hashes = new Set(items.filter((item) => ids.has(item.id) && item.sha256).map((item) => item.sha256));
      return [this.summaryFrom(row, items), items.filter((item) => ids.has(item.id) || (item.sha256 !== null && hashes.has(item.sha256)))];
    }
    const changed = [...ids]
      .map((id) => this.deps.repo.item(id))
      .filter((item): item is ItemRow => item?.batchId === row.id)
      .sort((a, b) => a.position - b.position);
    return [this.summaryOf(row, tallies, 0), changed.map((item) => this.itemWithProblems(item))];
  }

  summaryFrom(row: BatchRow, items: readonly BatchItem[]): BatchSummary {
    const tallies = items.map((item) => ({
      state: item.state,
      excluded: item.excluded,
      checked: item.checked,
      tried: item.attempts > 0,
      n: 1,
      bytes: item.size ?? 0,
    }));
    return this.summaryOf(row, tallies, items.filter(sendableNow).length);
  }

  private summaryOf(row: BatchRow, tallies: readonly Tally[], sendable: number): BatchSummary {
    const byState = Object.fromEntries(batchItemStates.map((state) => [state, 0])) as Record<BatchItemState, number>;
    let total = 0;
    let bytesTotal = 0;
    let bytesDone = 0;
    let bytesLeft = 0;
    let itemsLeft = 0;
    let checking = 0;
    for (const { state, checked, tried, n, bytes } of tallies) {
      total += n;
      byState[state] += n;
      if (!checked && state === 'draft') checking += n;
      const queued = state === 'ready' || state === 'sending' || state === 'uncertain';
      if (queued || state === 'sent' || (state === 'failed' && tried)) bytesTotal += bytes;
      if (state === 'sent') bytesDone += bytes;
      if (queued) {
        bytesLeft += bytes;
        itemsLeft += n;
      }
    }
    const now = this.deps.now();
    let secondsLeft: number | null = null;
    const pace = row.state === 'sending' && itemsLeft > 0 ? this.deps.pace(row.id) : null;
    if (pace) {
      // The job counts a row left out (a draft) as settled, as it counted it when the run started.
      const done = byState.sent + byState.failed + byState.draft - pace.settledAtStart;
      const bytes = bytesDone - pace.bytesAtStart;
      const elapsed = pace.elapsedMs / 1000;
      if (elapsed >= 1 && done > 0) {
        const byItems = itemsLeft / (done / elapsed);
        const byBytes = bytes > 0 ? bytesLeft / (bytes / elapsed) : 0;
        secondsLeft = Math.ceil(Math.max(byItems, byBytes));
      }
    } else if (itemsLeft === 0 && row.state === 'sending') {
      secondsLeft = 0;
    }
    const pausedUntil = row.state === 'sending' ? this.deps.limiter(row.accountId).state().pausedUntil : 0;
    const rateLimitedUntil = pausedUntil > now ? new Date(pausedUntil).toISOString() : null;
    // The state is the job's once queued (BatchRepo): pausing and cancelling show until the owner settles.
    const owned = row.state === 'sending' || row.state === 'pausing' || row.state === 'cancelling';
    const holder = owned ? this.deps.leases.holder(row.id) : null;
    return {
      id: row.id,
      accountId: row.accountId,
      state: row.state,
      source: row.source,
      concurrency: row.concurrency,
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      stoppedBy: row.stoppedBy,
      owner: holder ? { pid: holder.pid, host: holder.host, self: holder.self } : null,
      progress: { total, byState, sendable, bytesTotal, bytesDone, secondsLeft, rateLimitedUntil, checking },
      // The rows were read just before, in this synchronous call: no write of this process came between.
      readAt: performance.timeOrigin + performance.now(),
    };
  }

  /** Every row of the batch with its problems (its file's, a copy of another row, already sent, its signers'). */
  itemsOf(batchId: string): BatchItem[] {
    const rows = this.deps.repo.items(batchId);
    const originals = earlierCopies(rows, notCompared);
    const sent = this.sentLookup(batchId);
    return rows.map((row, index) => withProblems(row, originals[index] ?? null, sent(row)));
  }

  /** One row with its problems, as in `itemsOf`, reading only the rows with its bytes. */
  private itemWithProblems(row: ItemRow): BatchItem {
    const same = row.sha256 && !notCompared(row) ? this.deps.repo.withHash(row.batchId, row.sha256) : [];
    const original = earlierCopies(same)[same.findIndex((other) => other.id === row.id)] ?? null;
    return withProblems(row, original, this.sentLookup(row.batchId)(row));
  }

  /** For a draft row: the document its bytes already made, from any batch of the account. */
  private sentLookup(batchId: string): (row: ItemRow) => SentFile | undefined {
    let accountId: string | undefined;
    return (row) => {
      if (row.state !== 'draft' || !row.sha256) return undefined; // rows being sent never look (the hot path)
      accountId ??= this.deps.repo.batch(batchId)?.accountId;
      return accountId ? this.deps.sent.find(accountId, row.sha256) : undefined;
    };
  }

  row(batchId: string): BatchRow {
    const row = this.deps.repo.batch(batchId);
    if (!row)
      throw new AppError({ kind: 'NotFound', code: 'batch.notFound', params: { batchId }, message: `There is no batch ${batchId}.` });
    return row;
  }
}

/** Rows never taken for a copy of another, nor the original of one (BatchRepo.firstWithHash says the same in SQL). */
function notCompared(row: ItemRow): boolean {
  return row.excluded || row.state === 'cancelled';
}

function withProblems(row: ItemRow, original: Pick<ItemRow, 'fileName' | 'title'> | null, sent: SentFile | undefined): BatchItem {
  const { fileProblems: rowFileProblems, attemptAt: _attempt, ...rest } = row;
  const file: ItemProblem[] = [...rowFileProblems];
  if (original) file.push(duplicateOf(original));
  if (sent && !row.sendAgain) file.push(alreadySent(sent));
  return { ...rest, sentBefore: sent ?? null, problems: [...file, ...signerProblems(row.signers)] };
}

function duplicateOf(original: Pick<ItemRow, 'fileName' | 'title'>): ItemProblem {
  return {
    code: duplicateOfCode,
    message: `Duplicate of “${original.title}” (“${original.fileName}”, the same file): remove this row.`,
    params: { title: original.title, file: original.fileName },
    field: 'file',
  };
}

const statusWords: Record<string, string> = { DR: 'draft', PE: 'pending', CO: 'completed', CA: 'cancelled' };

/** "Already sent on 2026-11-23 as “NDA Globex” (completed)". */
export function alreadySent(sent: SentFile): ItemProblem {
  const status = sent.status ?? '';
  const words = statusWords[status] ?? (status || 'not synced yet');
  const by = sent.member && sent.computer ? ` by ${sent.member} from ${sent.computer}` : '';
  return {
    code: alreadySentCode,
    message: `Already sent on ${sent.sentAt.slice(0, 10)}${by} as “${sent.title}” (${words}); left out unless sent again.`,
    params: {
      date: sent.sentAt,
      title: sent.title,
      documentId: sent.documentId,
      status,
      ...(by ? { member: sent.member!, computer: sent.computer! } : {}),
    },
    field: 'file',
  };
}

/** Checked, no problems, not excluded, still a draft. */
export function sendableNow(item: BatchItem): boolean {
  return item.state === 'draft' && item.checked && !item.excluded && item.problems.length === 0;
}

function signerProblems(signers: Signer[]): ItemProblem[] {
  if (signers.length === 0) return [{ code: 'batch.noSigners', message: 'Say who signs this document.', params: {}, field: 'signers' }];
  return signers.flatMap((signer, index) =>
    validateSigner(signer).map((problem) => ({
      code: problem.code,
      message: problem.message,
      params: { ...(problem.params ?? {}), signer: index + 1 },
      field: problem.field === 'signer' ? `signers.${index}` : `signers.${index}.${problem.field}`,
    })),
  );
}

export function problemError(problem: ItemProblem | undefined): AppErrorShape {
  if (!problem) return { kind: 'InvalidInput', code: 'batch.nothingToSend', message: 'This row could not be sent.' };
  return { kind: 'InvalidInput', code: problem.code, params: problem.params, message: problem.message };
}
