import { AppError, isAppError, storableError, type AppErrorShape } from '../../../shared/contract/errors';
import type { Document } from '../../../shared/domain/documents';
import { toNewSignature } from '../../../shared/domain/signers';
import type { Limiter } from '../api/limiter';
import type { ServiceClient } from '../api/service-client';
import type { Logger } from '../logging/logger';
import { gaveUp, sentSignatures, verifyFile } from './send-row';
import type { BatchRepo, ItemRow } from './batch-repo';
import { pairUncertain, type Wanted } from './find-sent';

/**
 * Sends the ready items of one batch, `concurrency` at a time, through the account's client (and so
 * its shared limiter), until none is left or the batch is paused or cancelled.
 *
 * Exactly once, with no idempotency key on the service:
 * 1. An item is claimed (state `sending`, attempt time written, fsync'd) before its request goes out.
 * 2. The file is hashed again; a file changed since its check fails ("file changed since it was checked").
 * 3. The create's outcome decides: a document → `sent`; a refusal the service certainly did not act on
 *    (429, a connection never made, 401/403) → back to `ready`; a refusal of the content (400) →
 *    `failed`; anything else (timeout, cut connection, 5xx, an unreadable answer) → `uncertain`.
 * 4. Before any uncertain item is sent again, the list is read for a document created since the
 *    attempt with the same title and signers (find-sent.ts): found → `sent`; not found → `ready`.
 * An item found in `sending` when a run starts was in flight when the process stopped: it is uncertain.
 */

export interface RunnerDeps {
  repo: BatchRepo;
  batchId: string;
  accountId: string;
  concurrency: number;
  client: () => Promise<ServiceClient>;
  limiter: Limiter;
  /** Puts a document read from the service into the mirror (read stamp taken before the request). */
  mirror: (document: Document, readAt: number) => void;
  stamp: () => number;
  /** Rows whose state changed (for events). */
  onItems: (itemIds: string[]) => void;
  /** The batch stopped by itself (key refused, service unreachable): it is paused with this reason. */
  onStopped: (error: AppErrorShape) => void;
  /** Bytes of a row that was just sent (progress and time left). */
  onSentBytes?: (bytes: number) => void;
  /** A row's final outcome (sent, found after an interrupted send, failed), for the audit journal. */
  journal?: (item: ItemRow, outcome: { state: 'sent' | 'failed'; documentId?: string; recovered?: boolean; error?: string }) => void;
  /** Asked before each claim: a pause or cancel from any process (the job's state) stops the run. */
  shouldStop?: () => boolean;
  logger?: Logger;
  /** Time and waits; the limiter's clock by default (tests may pass their own). */
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Consecutive failures to reach the service after which the batch pauses itself (resumable). */
const maxUnreachable = 8;
/** Creates of one row whose outcome stayed unknown (and which the list showed were not made) before it fails. */
const maxAttempts = 6;

export class BatchRunner {
  private readonly stop = new AbortController();
  private stopReason: 'pause' | 'cancel' | 'stopped' | null = null;
  private unreachable = 0;
  private holdUntil = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(private readonly deps: RunnerDeps) {
    const clock = deps.limiter.clock;
    this.now = deps.now ?? (() => clock.now());
    this.sleep = deps.sleep ?? ((ms, signal) => clock.sleep(ms, signal));
  }

  get stoppedBy(): 'pause' | 'cancel' | 'stopped' | null {
    return this.stopReason;
  }

  /** Ask the run to end: no new item is claimed; requests in flight finish and are recorded. */
  halt(reason: 'pause' | 'cancel' | 'stopped'): void {
    if (this.stopReason === null) this.stopReason = reason;
    this.stop.abort();
  }

  /** Runs until nothing is left to do or the run is halted. */
  async run(): Promise<void> {
    const { repo, batchId } = this.deps;
    const inFlight = repo.itemsIn(batchId, ['sending']);
    for (const item of inFlight) repo.setState(item.id, 'uncertain');
    if (inFlight.length > 0) this.deps.onItems(inFlight.map((item) => item.id));

    while (!this.halted()) {
      await this.resolveUncertain();
      if (this.halted()) break;
      await Promise.all(Array.from({ length: Math.max(1, this.deps.concurrency) }, () => this.worker()));
      if (this.halted()) break;
      // Rows in `sending` here are nobody's (this run's workers all returned): only ready and uncertain
      // rows are work, so the loop ends instead of spinning on rows it cannot claim.
      const left = repo.itemsIn(batchId, ['ready', 'uncertain']);
      if (left.length === 0) break;
    }
  }

  private halted(): boolean {
    return this.stopReason !== null;
  }

  private async worker(): Promise<void> {
    const { repo, batchId } = this.deps;
    while (!this.halted()) {
      await this.waitHold();
      if (this.halted()) return;
      if (this.deps.shouldStop?.()) {
        this.halt('pause');
        return;
      }
      const item = repo.claimNext(batchId, this.now());
      if (!item) return;
      this.deps.onItems([item.id]);
      await this.sendOne(item);
    }
  }

  private async waitHold(): Promise<void> {
    const wait = Math.max(this.holdUntil, this.deps.limiter.state().pausedUntil) - this.now();
    if (wait > 0) await this.sleep(wait, this.stop.signal).catch(() => undefined);
  }

  private async sendOne(item: ItemRow): Promise<void> {
    const { repo } = this.deps;
    const fileError = await verifyFile(item);
    if (fileError) {
      repo.setState(item.id, 'failed', { error: fileError });
      this.deps.onItems([item.id]);
      return;
    }
    let client: ServiceClient;
    try {
      client = await this.deps.client();
    } catch (error) {
      repo.setState(item.id, 'ready');
      this.deps.onItems([item.id]);
      this.halt('stopped');
      this.deps.onStopped(this.shapeOf(error));
      return;
    }
    const readAt = this.deps.stamp();
    try {
      const document = await client.createDocument({
        title: item.title,
        filePath: item.path,
        signatures: item.signers.map(toNewSignature),
      });
      this.unreachable = 0;
      repo.markSent(item.id, document.id, sentSignatures(document, item.signers), false);
      this.deps.journal?.(item, { state: 'sent', documentId: document.id });
      this.deps.onSentBytes?.(item.size ?? 0);
      this.mirror(document, readAt);
    } catch (error) {
      this.settleFailure(item, error);
    }
    this.deps.onItems([item.id]);
  }

  private settleFailure(item: ItemRow, error: unknown): void {
    const { repo } = this.deps;
    const shape = this.shapeOf(error);
    const kind = isAppError(error) ? error.kind : 'Internal';
    this.deps.logger?.log('warn', 'batch: a create did not succeed', { batchId: this.deps.batchId, itemId: item.id, kind, code: shape.code });
    if (kind === 'RateLimited') {
      // Refused before it was handled: certainly not created.
      const retryAfter = typeof shape.params?.retryAfterSeconds === 'number' ? shape.params.retryAfterSeconds * 1000 : null;
      if (retryAfter === null) this.deps.limiter.pause(this.deps.limiter.backoffDelay(item.attempts) + 250);
      repo.setState(item.id, 'ready', { error: shape });
      return;
    }
    if (kind === 'Network') {
      // The connection was never made (the client turns failures after sending into Ambiguous).
      repo.setState(item.id, 'ready', { error: shape });
      this.noteUnreachable(shape);
      return;
    }
    if (kind === 'Unauthorized') {
      repo.setState(item.id, 'ready', { error: shape });
      this.halt('stopped');
      this.deps.onStopped(
        new AppError({
          kind: 'Unauthorized',
          code: 'batch.stoppedKeyRefused',
          message: 'Sending stopped: the service no longer accepts this account’s API key. Check the key in Settings, then resume.',
        }).toShape(),
      );
      return;
    }
    if (kind === 'InvalidInput' || kind === 'NotFound' || kind === 'Conflict') {
      repo.setState(item.id, 'failed', { error: shape });
      this.deps.journal?.(item, { state: 'failed', error: shape.message });
      return;
    }
    // Ambiguous, ServerError, Internal: it may have been created.
    this.unreachable = 0;
    repo.setState(item.id, 'uncertain', { error: shape });
  }

  private noteUnreachable(error: AppErrorShape): void {
    this.unreachable += 1;
    this.holdUntil = Math.max(this.holdUntil, this.now() + Math.min(60_000, 500 * 2 ** this.unreachable));
    if (this.unreachable >= maxUnreachable) {
      this.halt('stopped');
      this.deps.onStopped(error);
    }
  }

  /**
   * After a cancel: one look in the list for the uncertain items (found → sent, else ready, which
   * the cancel then marks cancelled). When the list cannot be read they stay uncertain.
   */
  async lookUpUncertain(): Promise<void> {
    await this.resolveUncertain(true);
  }

  /** Looks for every uncertain item's document in one read of the list; sends again only those not found. */
  private async resolveUncertain(once = false): Promise<void> {
    const { repo, batchId, accountId } = this.deps;
    for (;;) {
      const uncertain = repo.itemsIn(batchId, ['uncertain']);
      if (uncertain.length === 0 || (!once && this.halted())) return;
      if (!once) await this.waitHold();
      if (!once && this.halted()) return;
      const readAt = this.deps.stamp();
      let documents: Document[];
      try {
        documents = await this.listSince(Math.min(...uncertain.map((item) => item.attemptAt ?? 0)));
      } catch (error) {
        const shape = this.shapeOf(error);
        if (once) return;
        if (isAppError(error) && error.kind === 'Unauthorized') {
          this.halt('stopped');
          this.deps.onStopped(shape);
          return;
        }
        this.noteUnreachable(shape);
        continue;
      }
      this.unreachable = 0;
      const wanted: Wanted[] = uncertain.map((item) => ({ title: item.title, signers: item.signers, sha256: item.sha256, attemptAt: item.attemptAt ?? 0 }));
      const found = pairUncertain(documents, wanted, repo.sentDocumentIds(accountId));
      repo.transaction(() =>
        uncertain.forEach((item, index) => {
          const document = found.get(index);
          if (document) {
            repo.markSent(item.id, document.id, sentSignatures(document, item.signers), true);
            this.deps.journal?.(item, { state: 'sent', documentId: document.id, recovered: true });
          } else if (item.attempts >= maxAttempts) {
            repo.setState(item.id, 'failed', { error: gaveUp(item) });
            this.deps.journal?.(item, { state: 'failed', error: gaveUp(item).message });
          }
          else repo.setState(item.id, 'ready');
        }),
      );
      for (const [index, document] of found) {
        this.deps.onSentBytes?.(uncertain[index]!.size ?? 0);
        this.mirror(document, readAt);
      }
      this.deps.logger?.log('info', 'batch: uncertain rows looked up', { batchId, uncertain: uncertain.length, found: found.size });
      this.deps.onItems(uncertain.map((item) => item.id));
      return;
    }
  }

  /**
   * Documents of the list that may have been created since `since` (ms). Pages are read in the
   * service's order; when a whole page is older than the window and the list is newest first, the
   * rest is older still and is not read.
   */
  private async listSince(since: number): Promise<Document[]> {
    const client = await this.deps.client();
    const cutoff = since - 60 * 60 * 1000;
    const all: Document[] = [];
    const signal = this.stop.signal.aborted ? undefined : this.stop.signal;
    for await (const page of client.listDocuments(signal ? { signal } : {})) {
      all.push(...page.documents);
      const times = page.documents.map((document) => (document.createdAt ? Date.parse(document.createdAt) : Number.NaN));
      const newestFirst = times.every((time, index) => index === 0 || !(time > times[index - 1]!));
      if (times.length > 0 && newestFirst && times.every((time) => Number.isFinite(time) && time < cutoff)) break;
    }
    return all;
  }

  /** The error to store on the row or batch; an unexpected one's detail goes to the log only. */
  private shapeOf(error: unknown): AppErrorShape {
    if (!isAppError(error)) this.deps.logger?.log('error', 'batch: an unexpected error while sending', { batchId: this.deps.batchId, error: String(error) });
    return storableError(error, 'Something went wrong while sending. The details are in the log.');
  }

  private mirror(document: Document, readAt: number): void {
    try {
      this.deps.mirror(document, readAt);
    } catch (error) {
      this.deps.logger?.log('error', 'batch: a sent document could not be put in the mirror', { error: String(error) });
    }
  }
}
