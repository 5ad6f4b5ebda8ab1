import type { AppErrorShape } from '../../../shared/contract/errors';
import type { BatchItemState, SentSignature } from '../../../shared/domain/batches';
import type { Db } from '../db/database';
import { emptyCounts, type ItemState, type ItemStore, type JobItem, type SettleFields } from '../jobs/item-store';
import type { BatchRepo, ItemRow } from './batch-repo';

/** A batch row as the job engine sees it: a job item (seq = the row's position) carrying the row. */
export interface SendItem extends JobItem {
  row: ItemRow;
}

/** What a sent row's outcome holds (the store writes it with `BatchRepo.markSent`). */
export interface SentOutcome {
  documentId: string;
  signatures: SentSignature[];
  recovered: boolean;
}

const toJob: Record<BatchItemState, ItemState> = {
  draft: 'skipped', // left out of a queued batch (excluded, or already sent): never sent by this job
  ready: 'pending',
  sending: 'running',
  uncertain: 'uncertain',
  sent: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};
const toBatch: Record<ItemState, BatchItemState> = {
  skipped: 'draft',
  pending: 'ready',
  running: 'sending',
  uncertain: 'uncertain',
  done: 'sent',
  failed: 'failed',
  cancelled: 'cancelled',
};

const cancelledError: AppErrorShape = { kind: 'Conflict', code: 'batch.cancelled', message: 'Not sent: the batch was cancelled.' };

/**
 * The `send` job's items are the batch's rows (`batch_items`), the job's id the batch's: this store
 * lets the engine claim, settle and count them in the rows' own states (ready = pending, sending =
 * running, sent = done; a row left out stays a draft, counted as skipped). Every row it changes is
 * passed to `changed` (the batch's events).
 */
export class BatchItemStore implements ItemStore<SendItem> {
  constructor(
    private readonly db: Db,
    private readonly repo: BatchRepo,
    private readonly changed: (batchId: string, itemIds: string[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  transaction<T>(work: () => T): T {
    return this.repo.transaction(work);
  }

  /** Whether the batch is in this data folder (a batch another computer of the team started is not, until carried on here). */
  has(batchId: string): boolean {
    return this.repo.batch(batchId) !== undefined;
  }

  /** Another computer sends (or sent) this batch, the team's job: what it settled, written into the rows here. */
  follow(batchId: string, copy: readonly JobItem[]): void {
    const settled = copy.filter((item) => item.state === 'done' || item.state === 'failed' || item.state === 'cancelled');
    if (settled.length === 0) return;
    const rows = new Map(this.repo.items(batchId).map((row) => [row.position, row]));
    const changed: string[] = [];
    this.repo.transaction(() => {
      for (const item of settled) {
        const row = rows.get(item.seq);
        if (!row || row.state === toBatch[item.state]) continue;
        const sent = item.outcome as Partial<SentOutcome> | null;
        if (item.state === 'done' && sent?.documentId)
          this.repo.markSent(row.id, sent.documentId, sent.signatures ?? [], sent.recovered === true);
        else if (item.state !== 'done') this.repo.setState(row.id, toBatch[item.state], { error: item.error });
        else continue;
        changed.push(row.id);
      }
    });
    if (changed.length > 0) this.changed(batchId, changed);
  }

  items(batchId: string): SendItem[] {
    return this.repo.items(batchId).map(toSendItem);
  }

  inState(batchId: string, states: readonly ItemState[]): SendItem[] {
    return this.repo
      .itemsIn(
        batchId,
        states.map((state) => toBatch[state]),
      )
      .map(toSendItem);
  }

  counts(batchId: string): Record<ItemState, number> & { bytes: number } {
    const counts = emptyCounts();
    let bytes = 0;
    for (const tally of this.repo.tallies(batchId)) {
      counts[toJob[tally.state]] += tally.n;
      if (tally.state === 'sent') bytes += tally.bytes;
    }
    return { ...counts, bytes };
  }

  claimNext(batchId: string): SendItem | undefined {
    const row = this.repo.claimNext(batchId, this.now());
    if (row) this.changed(batchId, [row.id]);
    return row && toSendItem(row);
  }

  settle(batchId: string, seq: number, state: ItemState, fields: SettleFields = {}): void {
    const found = this.db.prepare('SELECT id FROM batch_items WHERE batch_id = ? AND position = ?').get(batchId, seq) as
      { id: string } | undefined;
    if (!found) return;
    const sent = fields.outcome as Partial<SentOutcome> | null | undefined;
    if (state === 'done' && sent?.documentId) this.repo.markSent(found.id, sent.documentId, sent.signatures ?? [], sent.recovered === true);
    else this.repo.setState(found.id, toBatch[state], fields.error !== undefined ? { error: fields.error } : {});
    this.changed(batchId, [found.id]);
  }

  /** Rows a create was tried for and that failed, but not those whose file changed since its check (added again instead). */
  retryFailed(batchId: string): number {
    const rows = this.db
      .prepare(
        `UPDATE batch_items SET state = 'ready', error = NULL, updated_at = ?
         WHERE batch_id = ? AND state = 'failed' AND attempts > 0 AND COALESCE(json_extract(error, '$.code'), '') <> 'file.changed'
         RETURNING id`,
      )
      .all(this.repo.stamp(), batchId) as { id: string }[];
    if (rows.length > 0)
      this.changed(
        batchId,
        rows.map((row) => row.id),
      );
    return rows.length;
  }

  /** Rows ready, and rows left out as drafts that are not excluded (already sent): cancelled, with why. */
  cancelPending(batchId: string): number {
    const rows = this.db
      .prepare(
        `UPDATE batch_items SET state = 'cancelled', error = ?, updated_at = ?
         WHERE batch_id = ? AND (state = 'ready' OR (state = 'draft' AND excluded = 0)) RETURNING id`,
      )
      .all(JSON.stringify(cancelledError), this.repo.stamp(), batchId) as { id: string }[];
    this.changed(
      batchId,
      rows.map((row) => row.id),
    );
    return rows.length;
  }
}

function toSendItem(row: ItemRow): SendItem {
  return {
    jobId: row.batchId,
    seq: row.position,
    subject: row.id,
    input: {},
    state: toJob[row.state],
    attempts: row.attempts,
    outcome: row.documentId ? { documentId: row.documentId, recovered: row.recovered } : null,
    error: row.error,
    bytes: row.state === 'sent' ? (row.size ?? 0) : 0,
    startedAt: row.attemptAt,
    finishedAt: null,
    row,
  };
}
