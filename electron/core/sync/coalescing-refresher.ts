import { isAppError } from '../../../shared/contract/errors';
import type { DocumentWriter } from '../mirror/document-writer';
import type { SyncLog } from '../mirror/sync-log';
import type { ClientFor } from './client-for';
import type { DocumentRefresher, RefreshOutcome } from './document-refresher';
import type { Reconciler } from './reconciler';
import type { ReadStamps } from './timers';

export interface CoalescingRefresherDeps {
  clientFor: ClientFor;
  reconciler: Reconciler;
  /** Only to tell, for the sync log, whether the mirror holds a document the service no longer shows. */
  writer: DocumentWriter;
  syncLog: SyncLog;
  stamps: ReadStamps;
}

interface Slot {
  current: Promise<RefreshOutcome>;
  /** One more read, to start when `current` ends; every request meanwhile joins it. */
  next: Promise<RefreshOutcome> | null;
}

/**
 * Reads one document (GET) and reconciles it. Requests for the same document coalesce: while a read
 * is in flight, all further requests share one follow-up read (it starts after the current one, so
 * it sees whatever prompted them). A 404 is journaled and answered 'not-found'; the mirror row stays.
 * Other failures reject with the client's AppError. A read has the priority of the request that
 * started it (`background` for the scheduled re-reads).
 */
export class CoalescingRefresher implements DocumentRefresher {
  private readonly slots = new Map<string, Slot>();

  constructor(private readonly deps: CoalescingRefresherDeps) {}

  /** Documents with a read in flight or queued. */
  get pending(): number {
    return this.slots.size;
  }

  refresh(accountId: string, documentId: string, options: { background?: boolean } = {}): Promise<RefreshOutcome> {
    const background = options.background === true;
    const key = `${accountId}\u0000${documentId}`;
    const slot = this.slots.get(key);
    if (!slot) {
      const fresh: Slot = { current: Promise.resolve('unchanged'), next: null };
      fresh.current = this.readThenRelease(key, fresh, accountId, documentId, background);
      this.slots.set(key, fresh);
      return fresh.current;
    }
    if (slot.next) return slot.next;
    const settled = slot.current.then(
      () => undefined,
      () => undefined,
    );
    const next = settled.then(() => {
      slot.current = next;
      slot.next = null;
      return this.readThenRelease(key, slot, accountId, documentId, background);
    });
    slot.next = next;
    return next;
  }

  private async readThenRelease(
    key: string,
    slot: Slot,
    accountId: string,
    documentId: string,
    background: boolean,
  ): Promise<RefreshOutcome> {
    try {
      return await this.read(accountId, documentId, background);
    } finally {
      if (slot.next === null && this.slots.get(key) === slot) this.slots.delete(key);
    }
  }

  private async read(accountId: string, documentId: string, background: boolean): Promise<RefreshOutcome> {
    const client = await this.deps.clientFor(accountId);
    const readAt = this.deps.stamps.next();
    try {
      const document = await client.getDocument(documentId, { background });
      const [applied] = this.deps.reconciler.apply(accountId, [document], readAt);
      return applied?.outcome === 'inserted' || applied?.outcome === 'updated' ? 'changed' : 'unchanged';
    } catch (error) {
      if (!isAppError(error) || error.kind !== 'NotFound') throw error;
      const kept = this.deps.writer.stamp(accountId, documentId) !== undefined;
      this.deps.syncLog.record({
        accountId,
        actor: 'sync',
        action: 'document.refresh',
        target: documentId,
        outcome: 'not-found',
        detail: { status: error.status ?? 404, keptInMirror: kept },
      });
      return 'not-found';
    }
  }
}
