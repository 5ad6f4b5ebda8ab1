import { randomUUID } from 'node:crypto';
import type { AppErrorShape } from '../../../shared/contract/errors';
import type { Batch, BatchItemState, BatchState, SentSignature, SkippedInputInfo } from '../../../shared/domain/batches';
import type { Signer } from '../../../shared/domain/signers';
import { plainText } from '../../../shared/domain/text-controls';
import type { Db } from '../db/database';
import {
  batchSelect,
  shownBatchState,
  toBatch,
  toItem,
  type BatchRow,
  type CheckOutcome,
  type ItemRow,
  type NewItem,
  type RawBatch,
  type RawItem,
  type SentFile,
  type Tally,
} from './batch-rows';

/**
 * SQL of the send queue (schema.ts). Every state change is one statement or one transaction, with
 * synchronous=FULL, so what the queue says is on disk before the request it describes goes out.
 */

export type { BatchRow, CheckOutcome, ItemRow, NewItem, SentFile, Tally } from './batch-rows';

export class BatchRepo {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  transaction<T>(work: () => T): T {
    // IMMEDIATE: the write lock is taken first, so a read-then-write is atomic across processes too.
    return this.db.transaction(work).immediate();
  }

  createBatch(accountId: string, source: 'app' | 'cli', concurrency: number): BatchRow {
    const id = randomUUID();
    this.db
      .prepare(`INSERT INTO batches (id, account_id, state, source, concurrency, created_at) VALUES (?, ?, 'draft', ?, ?, ?)`)
      .run(id, accountId, source, concurrency, this.stamp());
    return this.batch(id)!;
  }

  batch(id: string): BatchRow | undefined {
    const raw = this.db.prepare(`${batchSelect} WHERE b.id = ?`).get(id) as RawBatch | undefined;
    return raw ? toBatch(raw) : undefined;
  }

  /** The app's newest batch of an account that is not finished, else its newest finished one. */
  latest(accountId: string, source: 'app' | 'cli'): BatchRow | undefined {
    const raw = this.db
      .prepare(`${batchSelect} WHERE b.account_id = ? AND b.source = ? ORDER BY b.created_at DESC, b.rowid DESC LIMIT 1`)
      .get(accountId, source) as RawBatch | undefined;
    return raw ? toBatch(raw) : undefined;
  }

  recent(accountId: string, limit: number): BatchRow[] {
    const rows = this.db
      .prepare(`${batchSelect} WHERE b.account_id = ? ORDER BY b.created_at DESC, b.rowid DESC LIMIT ?`)
      .all(accountId, limit) as RawBatch[];
    return rows.map(toBatch);
  }

  /** Batches whose files were being checked when the process stopped (once queued, a batch is its job's: the engine resumes it). */
  interrupted(): BatchRow[] {
    return (this.db.prepare(`${batchSelect} WHERE b.state = 'checking'`).all() as RawBatch[]).map(toBatch);
  }

  /** The batch's own phase: prepared (draft, checking), handed to its job (sending), or cancelled before that. */
  setBatchState(
    id: string,
    state: Extract<BatchState, 'draft' | 'checking' | 'sending' | 'cancelled'>,
    extra: { startedAt?: boolean; finishedAt?: boolean; stoppedBy?: AppErrorShape | null; concurrency?: number } = {},
  ): void {
    const sets = ['state = @state'];
    if (extra.startedAt) sets.push('started_at = COALESCE(started_at, @now)');
    if (extra.finishedAt) sets.push('finished_at = @now');
    if (extra.stoppedBy !== undefined) sets.push('stopped_by = @stoppedBy');
    if (extra.concurrency !== undefined) sets.push('concurrency = @concurrency');
    this.db.prepare(`UPDATE batches SET ${sets.join(', ')} WHERE id = @id`).run({
      id,
      state,
      now: this.stamp(),
      stoppedBy: extra.stoppedBy ? JSON.stringify(extra.stoppedBy) : null,
      concurrency: extra.concurrency ?? null,
    });
  }

  setSkipped(id: string, skipped: SkippedInputInfo[]): void {
    this.db.prepare(`UPDATE batches SET skipped = ? WHERE id = ?`).run(JSON.stringify(skipped), id);
  }

  setManifestProblems(id: string, problems: Batch['manifestProblems']): void {
    this.db.prepare(`UPDATE batches SET manifest_problems = ? WHERE id = ?`).run(JSON.stringify(problems), id);
  }

  /** Appends items after the batch's last position; returns them. */
  addItems(batchId: string, items: NewItem[]): ItemRow[] {
    return this.transaction(() => {
      const last = (
        this.db.prepare(`SELECT COALESCE(MAX(position), -1) AS p FROM batch_items WHERE batch_id = ?`).get(batchId) as { p: number }
      ).p;
      const insert = this.db.prepare(
        `INSERT INTO batch_items (id, batch_id, position, path, file_name, title, signers, excluded, send_again, state, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'draft', ?)`,
      );
      const ids = items.map((item, index) => {
        const id = randomUUID();
        const flags = [item.excluded ? 1 : 0, item.sendAgain ? 1 : 0];
        insert.run(
          id,
          batchId,
          last + 1 + index,
          item.path,
          item.fileName,
          plainText(item.title),
          JSON.stringify(item.signers ?? []),
          ...flags,
          this.stamp(),
        );
        return id;
      });
      return ids.map((id) => this.item(id)!);
    });
  }

  item(id: string): ItemRow | undefined {
    const raw = this.db.prepare(`SELECT * FROM batch_items WHERE id = ?`).get(id) as RawItem | undefined;
    return raw ? toItem(raw) : undefined;
  }

  items(batchId: string): ItemRow[] {
    return (this.db.prepare(`SELECT * FROM batch_items WHERE batch_id = ? ORDER BY position`).all(batchId) as RawItem[]).map(toItem);
  }

  itemsIn(batchId: string, states: readonly BatchItemState[]): ItemRow[] {
    const marks = states.map(() => '?').join(', ');
    const rows = this.db
      .prepare(`SELECT * FROM batch_items WHERE batch_id = ? AND state IN (${marks}) ORDER BY position`)
      .all(batchId, ...states) as RawItem[];
    return rows.map(toItem);
  }

  /** Rows of the batch changed after `since` (an `updated_at` stamp), and the latest stamp seen. */
  changedSince(batchId: string, since: string): { ids: string[]; latest: string } {
    const rows = this.db.prepare('SELECT id, updated_at FROM batch_items WHERE batch_id = ? AND updated_at > ?').all(batchId, since) as {
      id: string;
      updated_at: string;
    }[];
    return { ids: rows.map((row) => row.id), latest: rows.reduce((max, row) => (row.updated_at > max ? row.updated_at : max), since) };
  }

  /** The first ready item of a batch, moved to sending with its attempt recorded. */
  claimNext(batchId: string, attemptAt: number): ItemRow | undefined {
    return this.transaction(() => {
      const next = this.db
        .prepare(`SELECT id FROM batch_items WHERE batch_id = ? AND state = 'ready' ORDER BY position LIMIT 1`)
        .get(batchId) as { id: string } | undefined;
      if (!next) return undefined;
      this.db
        .prepare(
          `UPDATE batch_items SET state = 'sending', attempts = attempts + 1, attempt_at = ?, error = NULL, updated_at = ? WHERE id = ?`,
        )
        .run(attemptAt, this.stamp(), next.id);
      return this.item(next.id);
    });
  }

  setCheck(id: string, outcome: CheckOutcome): void {
    this.db
      .prepare(`UPDATE batch_items SET checked = 1, size = ?, pages = ?, sha256 = ?, file_problems = ?, updated_at = ? WHERE id = ?`)
      .run(outcome.size, outcome.pages, outcome.sha256, JSON.stringify(outcome.problems), this.stamp(), id);
  }

  patchItem(id: string, patch: { title?: string; signers?: Signer[]; excluded?: boolean; sendAgain?: boolean }): void {
    const sets: string[] = [];
    const values: Record<string, unknown> = { id, now: this.stamp() };
    if (patch.title !== undefined) {
      sets.push('title = @title');
      values.title = plainText(patch.title);
    }
    if (patch.signers !== undefined) {
      sets.push('signers = @signers');
      values.signers = JSON.stringify(patch.signers);
    }
    if (patch.excluded !== undefined) {
      sets.push('excluded = @excluded');
      values.excluded = patch.excluded ? 1 : 0;
    }
    if (patch.sendAgain !== undefined) {
      sets.push('send_again = @sendAgain');
      values.sendAgain = patch.sendAgain ? 1 : 0;
    }
    if (sets.length === 0) return;
    this.db.prepare(`UPDATE batch_items SET ${sets.join(', ')}, updated_at = @now WHERE id = @id`).run(values);
  }

  removeItems(batchId: string, ids: readonly string[]): void {
    const remove = this.db.prepare(`DELETE FROM batch_items WHERE batch_id = ? AND id = ? AND state = 'draft'`);
    this.transaction(() => ids.forEach((id) => remove.run(batchId, id)));
  }

  setState(id: string, state: BatchItemState, extra: { error?: AppErrorShape | null } = {}): void {
    if (extra.error !== undefined) {
      this.db
        .prepare(`UPDATE batch_items SET state = ?, error = ?, updated_at = ? WHERE id = ?`)
        .run(state, extra.error ? JSON.stringify(extra.error) : null, this.stamp(), id);
    } else {
      this.db.prepare(`UPDATE batch_items SET state = ?, updated_at = ? WHERE id = ?`).run(state, this.stamp(), id);
    }
  }

  /** The row is sent; its file joins the account's sent files (one transaction). */
  markSent(id: string, documentId: string, signatures: SentSignature[], recovered: boolean): void {
    const stamp = this.stamp();
    this.transaction(() => {
      this.db
        .prepare(
          `UPDATE batch_items SET state = 'sent', document_id = ?, signatures = ?, recovered = ?, error = NULL, updated_at = ? WHERE id = ?`,
        )
        .run(documentId, JSON.stringify(signatures), recovered ? 1 : 0, stamp, id);
      this.db
        .prepare(
          `INSERT OR IGNORE INTO sent_files (account_id, sha256, document_id, title, sent_at)
           SELECT b.account_id, i.sha256, i.document_id, i.title, ? FROM batch_items i JOIN batches b ON b.id = i.batch_id
           WHERE i.id = ? AND i.sha256 IS NOT NULL`,
        )
        .run(stamp, id);
    });
  }

  /**
   * The newest document this account made from these bytes, with its status in the mirror; one
   * indexed look-up (sent_files_by_hash, then the mirror's unique (account_id, id)).
   */
  sentFile(accountId: string, sha256: string): SentFile | undefined {
    return this.db
      .prepare(
        `SELECT s.document_id AS documentId, s.title, s.sent_at AS sentAt, d.status AS status
         FROM sent_files s LEFT JOIN documents d ON d.account_id = s.account_id AND d.id = s.document_id
         WHERE s.account_id = ? AND s.sha256 = ? ORDER BY s.sent_at DESC LIMIT 1`,
      )
      .get(accountId, sha256) as SentFile | undefined;
  }

  /** Document ids already recorded as sent by any batch of the account (an uncertain item never claims one). */
  sentDocumentIds(accountId: string): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT i.document_id AS id FROM batch_items i JOIN batches b ON b.id = i.batch_id
         WHERE b.account_id = ? AND i.document_id IS NOT NULL`,
      )
      .all(accountId) as { id: string }[];
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Of these paths, those a row may still send: in a draft batch, ready/sending/uncertain, failed
   * (Retry failed) in a batch not cancelled, or left out (draft) in the account's newest app batch,
   * which the next batch takes along.
   */
  pathsStillNeeded(paths: readonly string[]): Set<string> {
    const query = this.db.prepare(
      `SELECT 1 FROM batch_items i JOIN batches b ON b.id = i.batch_id LEFT JOIN jobs j ON j.id = b.id
       WHERE i.path = ? AND (b.state IN ('draft', 'checking') OR i.state IN ('ready', 'sending', 'uncertain')
         OR (i.state = 'failed' AND ${shownBatchState} <> 'cancelled')
         OR (i.state = 'draft' AND b.source = 'app' AND b.id = (SELECT n.id FROM batches n WHERE n.account_id = b.account_id
               AND n.source = 'app' ORDER BY n.created_at DESC, n.rowid DESC LIMIT 1)))
       LIMIT 1`,
    );
    return new Set(paths.filter((path) => query.get(path) !== undefined));
  }

  /** Rows and bytes of a batch by state, exclusion, check and whether a create was tried, straight from SQL (no row is parsed). */
  tallies(batchId: string): Tally[] {
    const rows = this.db
      .prepare(
        `SELECT state, excluded, checked, attempts > 0 AS tried, COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes
         FROM batch_items WHERE batch_id = ? GROUP BY state, excluded, checked, tried`,
      )
      .all(batchId) as { state: BatchItemState; excluded: number; checked: number; tried: number; n: number; bytes: number }[];
    return rows.map((row) => ({
      state: row.state,
      excluded: row.excluded === 1,
      checked: row.checked === 1,
      tried: row.tried === 1,
      n: row.n,
      bytes: row.bytes,
    }));
  }

  /** The batch's rows (by position) with these bytes that are neither excluded nor cancelled. */
  withHash(batchId: string, sha256: string): Pick<ItemRow, 'id' | 'path' | 'fileName' | 'title' | 'sha256'>[] {
    return this.db
      .prepare(
        `SELECT id, path, file_name AS fileName, title, sha256 FROM batch_items
         WHERE batch_id = ? AND sha256 = ? AND excluded = 0 AND state <> 'cancelled' ORDER BY position`,
      )
      .all(batchId, sha256) as Pick<ItemRow, 'id' | 'path' | 'fileName' | 'title' | 'sha256'>[];
  }

  stamp(): string {
    return this.now().toISOString();
  }
}
