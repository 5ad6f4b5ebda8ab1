import type { Document } from '../../../shared/domain/documents';
import type { DocumentWriter } from '../mirror/document-writer';
import { fingerprint } from '../mirror/fingerprint';
import type { AppliedDocument, ApplyOutcome, StoredStamp } from '../mirror/mirror-types';
import type { Logger } from '../logging/logger';

export interface ReconcilerDeps {
  writer: DocumentWriter;
  /** Documents whose mirror rows changed, after the transaction committed (for `documents.changed`). */
  onChange?: (accountId: string, documentIds: string[]) => void;
  /** Every snapshot applied, changed or not (the refresh scheduler listens). */
  onApplied?: (accountId: string, applied: readonly AppliedDocument[]) => void;
  logger?: Logger;
}

/**
 * The one way a document read from the service enters the mirror.
 *
 * Each read is a full snapshot stamped with the time its request was sent (`readAt`: the state it
 * shows is at least that new). The mirror keeps, per document, the snapshot with the greatest
 * (readAt, fingerprint) pair: a later read replaces an earlier one, an earlier read arriving late
 * is ignored ("stale"), and equal stamps are settled by the fingerprint. So applying any set of
 * snapshots in any order, any number of times, leaves the same mirror; applying the same snapshot
 * again changes nothing. A later read of the same content only moves `read_at` forward.
 */
export class Reconciler {
  constructor(private readonly deps: ReconcilerDeps) {}

  /** Applies snapshots read at `readAt` (ms) in one transaction; listeners hear after it commits. */
  apply(accountId: string, documents: readonly Document[], readAt: number): AppliedDocument[] {
    const { writer } = this.deps;
    const applied = writer.transaction(() => documents.map((document) => this.applyOne(accountId, document, readAt)));
    const changed = applied.filter((entry) => entry.outcome === 'inserted' || entry.outcome === 'updated').map((entry) => entry.documentId);
    if (changed.length > 0) this.notify('onChange', () => this.deps.onChange?.(accountId, changed));
    if (applied.length > 0) this.notify('onApplied', () => this.deps.onApplied?.(accountId, applied));
    return applied;
  }

  private applyOne(accountId: string, document: Document, readAt: number): AppliedDocument {
    const { writer } = this.deps;
    const remoteUpdated = fingerprint(document.raw);
    const stored = writer.stamp(accountId, document.id);
    const outcome = decide(stored, readAt, remoteUpdated);
    if (outcome === 'inserted') writer.insert(accountId, document, readAt, remoteUpdated);
    else if (outcome === 'updated' && stored) writer.replace(stored.docKey, accountId, document, readAt, remoteUpdated);
    else if (outcome === 'unchanged' && stored) writer.touch(stored.docKey, readAt);
    const createdMs = document.createdAt === null ? Number.NaN : Date.parse(document.createdAt);
    return {
      documentId: document.id,
      outcome,
      status: outcome === 'stale' && stored ? stored.status : document.status,
      createdMs: Number.isFinite(createdMs) ? createdMs : null,
    };
  }

  private notify(name: string, call: () => void): void {
    try {
      call();
    } catch (error) {
      this.deps.logger?.log('error', `sync: the ${name} listener failed`, { error: String(error) });
    }
  }
}

/** What a snapshot stamped (readAt, remoteUpdated) does to the row holding `stored`. */
export function decide(stored: StoredStamp | undefined, readAt: number, remoteUpdated: string): ApplyOutcome {
  if (!stored) return 'inserted';
  if (readAt < stored.readAt || (readAt === stored.readAt && remoteUpdated < stored.remoteUpdated)) return 'stale';
  return remoteUpdated === stored.remoteUpdated ? 'unchanged' : 'updated';
}
