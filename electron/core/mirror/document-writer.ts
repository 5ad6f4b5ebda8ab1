import type Database from 'better-sqlite3';
import type { Document, Signature } from '../../../shared/domain/documents';
import { displayStatus } from '../../../shared/domain/documents';
import { serviceStatusOf } from '../../../shared/domain/status-codes';
import type { Db } from '../db/database';
import type { StoredStamp } from './mirror-types';
import { searchColumns } from './search-text';
import { SignerNames } from './signer-names';
import { statusBitSql, searchRowidSql } from './status-bits';

type Statement = Database.Statement<unknown[]>;

const keysPerMs = 1024;
/** Keys stay exact JavaScript integers (below 2^53) for creation times up to the 23rd century. */
const maxKeyMs = Math.floor(Number.MAX_SAFE_INTEGER / keysPerMs) - 1;

interface Origin {
  batchId: string;
  batchAt: string;
  fileName: string;
}

/**
 * Writes snapshots into the mirror: the document row, its raw JSON, its signatures and its search
 * entry, always together, plus the status changes a new snapshot shows (`document_history`). It
 * decides nothing: the reconciler (sync/reconciler.ts) says what to write and runs it inside
 * `transaction`.
 */
export class DocumentWriter {
  private readonly statements: Record<
    | 'stamp'
    | 'keyTaken'
    | 'insert'
    | 'update'
    | 'touch'
    | 'putRaw'
    | 'clearSignatures'
    | 'insertSignature'
    | 'forgetSearch'
    | 'putSearch'
    | 'origin'
    | 'previous'
    | 'signatureStatuses'
    | 'history'
    | 'stale'
    | 'staleRow'
    | 'unstale',
    Statement
  >;

  private readonly names: SignerNames;
  /** Prepared when first needed (the queries build a writer on a mirror being migrated, too). */
  private firstSeenStatement: Statement | null = null;

  constructor(private readonly db: Db) {
    this.names = new SignerNames(db);
    const columns = `title = @title, status = @status, created_at = @createdAt, created_ms = @createdMs, cancel_reason = @cancelReason,
      file_name = @fileName, file_hash = @fileHash, read_at = @readAt, remote_updated = @remoteUpdated, signer_count = @signerCount,
      signed_count = @signedCount, progress = @progress, changed_ms = @changedMs, batch_id = @batchId, batch_at = @batchAt, source_file = @sourceFile`;
    this.statements = {
      stamp: db.prepare(
        'SELECT doc_key AS docKey, read_at AS readAt, remote_updated AS remoteUpdated, status FROM documents WHERE account_id = ? AND id = ?',
      ),
      keyTaken: db.prepare('SELECT 1 FROM documents WHERE doc_key = ?').pluck(),
      insert:
        db.prepare(`INSERT INTO documents (doc_key, account_id, id, title, status, created_at, created_ms, cancel_reason, file_name, file_hash,
        read_at, remote_updated, signer_count, signed_count, progress, changed_ms, batch_id, batch_at, source_file)
        VALUES (@docKey, @accountId, @id, @title, @status, @createdAt, @createdMs, @cancelReason, @fileName, @fileHash,
        @readAt, @remoteUpdated, @signerCount, @signedCount, @progress, @changedMs, @batchId, @batchAt, @sourceFile)`),
      update: db.prepare(`UPDATE documents SET ${columns} WHERE doc_key = @docKey`),
      touch: db.prepare('UPDATE documents SET read_at = ? WHERE doc_key = ? AND read_at < ?'),
      putRaw: db.prepare('INSERT INTO document_raw (doc_key, raw) VALUES (?, ?) ON CONFLICT (doc_key) DO UPDATE SET raw = excluded.raw'),
      clearSignatures: db.prepare('DELETE FROM signatures WHERE doc_key = ?'),
      insertSignature:
        db.prepare(`INSERT INTO signatures (doc_key, position, account_id, id, status, display_name, email, phone, created_at, url,
        invite_channel, validations, invalidation_reason, signed_date, ip, device, document_ref)
        VALUES (@docKey, @position, @accountId, @id, @status, @displayName, @email, @phone, @createdAt, @url,
        @inviteChannel, @validations, @invalidationReason, @signedDate, @ip, @device, @documentRef)`),
      forgetSearch: db.prepare(`DELETE FROM documents_fts WHERE rowid = ((? << 5) | ${statusBitSql('?')})`),
      putSearch: db.prepare(
        `INSERT INTO documents_fts (rowid, title, signers, scope) VALUES (${searchRowidSql('@docKey', '@status')}, @title, @signers, @scope)`,
      ),
      origin:
        db.prepare(`SELECT i.batch_id AS batchId, b.created_at AS batchAt, i.file_name AS fileName FROM batch_items i JOIN batches b ON b.id = i.batch_id
        WHERE i.document_id = ? AND b.account_id = ? ORDER BY b.created_at DESC LIMIT 1`),
      previous: db.prepare(
        'SELECT d.status, d.changed_ms AS changedMs, d.batch_id AS batchId, d.batch_at AS batchAt, d.source_file AS fileName FROM documents d WHERE d.doc_key = ?',
      ),
      signatureStatuses: db.prepare('SELECT id, status FROM signatures WHERE doc_key = ?'),
      stale: db.prepare('SELECT doc_key FROM search_stale LIMIT 500').pluck(),
      staleRow: db.prepare('SELECT account_id AS accountId, id, status, batch_id AS batchId FROM documents WHERE doc_key = ?'),
      unstale: db.prepare('DELETE FROM search_stale WHERE doc_key = ?'),
      history: db.prepare(
        'INSERT INTO document_history (doc_key, at_ms, signature_id, signer, from_status, to_status) VALUES (?, ?, ?, ?, ?, ?)',
      ),
    };
  }

  /** Runs `work` in one transaction (nested calls join the outer one). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  stamp(accountId: string, documentId: string): StoredStamp | undefined {
    return this.statements.stamp.get(accountId, documentId) as StoredStamp | undefined;
  }

  insert(accountId: string, document: Document, readAt: number, remoteUpdated: string): number {
    const columns = documentColumns(document);
    const docKey = this.allocateKey(accountId, document.id, columns.createdMs);
    const origin = (this.statements.origin.get(document.id, accountId) as Origin | undefined) ?? null;
    const moved = hasMoved(document);
    this.statements.insert.run({
      ...columns,
      ...originColumns(origin),
      docKey,
      accountId,
      readAt,
      remoteUpdated,
      changedMs: firstChange(document, columns.createdMs, moved ? readAt : null) ?? readAt,
    });
    if (moved) this.recordFirstSeen(docKey, document, readAt);
    this.writeParts(docKey, accountId, document, origin, null);
    return docKey;
  }

  /**
   * A free key in creation order: `ms × 1024 + slot`, the slot picked by a hash of the document's
   * identity (the next free one on a collision; past 1024 documents in one millisecond, the next
   * millisecond's keys). So the key, and the order of documents created in the same millisecond,
   * do not depend on the order snapshots arrive in. A document without a readable creation time
   * sorts as the oldest.
   */
  private allocateKey(accountId: string, documentId: string, createdMs: number | null): number {
    let base = Math.min(maxKeyMs, Math.max(0, Math.floor(createdMs ?? 0))) * keysPerMs;
    const start = hash(`${accountId}\u0000${documentId}`) % keysPerMs;
    for (;;) {
      for (let step = 0; step < keysPerMs; step += 1) {
        const key = base + ((start + step) % keysPerMs);
        if (this.statements.keyTaken.get(key) === undefined) return key;
      }
      base += keysPerMs;
    }
  }

  /**
   * A newer snapshot of a stored document; status changes since the stored one go to the history,
   * stamped `readAt`. The stored `status` is the display state: the service's code is behind it.
   */
  replace(docKey: number, accountId: string, document: Document, readAt: number, remoteUpdated: string): void {
    const before = this.statements.previous.get(docKey) as { status: string; changedMs: number | null } & Partial<Origin> & {
        batchId: string | null;
      };
    const changed = this.recordChanges(docKey, serviceStatusOf(before.status), document, readAt);
    const found = (this.statements.origin.get(document.id, accountId) as Origin | undefined) ?? null;
    const origin =
      found ?? (before.batchId ? { batchId: before.batchId, batchAt: before.batchAt ?? '', fileName: before.fileName ?? '' } : null);
    const columns = documentColumns(document);
    this.statements.update.run({
      ...columns,
      ...originColumns(origin),
      docKey,
      readAt,
      remoteUpdated,
      changedMs: changed ? readAt : (before.changedMs ?? columns.createdMs ?? readAt),
    });
    this.writeParts(docKey, accountId, document, origin, before.status);
  }

  /** Records a later read of the same content. */
  touch(docKey: number, readAt: number): void {
    this.statements.touch.run(readAt, docKey, readAt);
  }

  /**
   * Rewrites the search entries listed in `search_stale` (documents whose batch row got their id
   * after they were written, or a signer of which got a name), reading each document with `read`,
   * 500 at a time until none is left. Cheap when there are none.
   */
  catchUpSearch(read: (accountId: string, documentId: string) => Document | null): void {
    while (this.statements.stale.get() !== undefined) this.catchUpSome(read);
  }

  private catchUpSome(read: (accountId: string, documentId: string) => Document | null): void {
    this.transaction(() => {
      for (const docKey of this.statements.stale.all() as number[]) {
        const row = this.statements.staleRow.get(docKey) as
          { accountId: string; id: string; status: string; batchId: string | null } | undefined;
        const document = row ? read(row.accountId, row.id) : null;
        if (row && document) {
          this.statements.forgetSearch.run(docKey, row.status);
          this.statements.putSearch.run({ docKey, status: row.status, ...this.searchOf(row.accountId, document, row.batchId) });
        }
        this.statements.unstale.run(docKey);
      }
    });
  }

  /**
   * A document read for the first time: what had already moved (a final document, signatures past
   * "not opened") is recorded as first seen now (`from` null), so its history is never empty.
   */
  private recordFirstSeen(docKey: number, document: Document, at: number): void {
    this.firstSeenStatement ??= this.db.prepare(
      'INSERT INTO document_history (doc_key, at_ms, signature_id, signer, from_status, to_status, first_seen) VALUES (?, ?, ?, ?, NULL, ?, 1)',
    );
    const firstSeen = this.firstSeenStatement;
    if (document.status !== 'DR' && document.status !== 'PE') firstSeen.run(docKey, at, null, null, document.status);
    for (const signature of document.signatures) {
      if (signature.status !== 'IN') firstSeen.run(docKey, at, signature.id, signature.displayName || null, signature.status);
    }
  }

  /** Writes one history row per status that differs from the stored snapshot's; answers whether any did. */
  private recordChanges(docKey: number, previousStatus: string, document: Document, at: number): boolean {
    const stored = this.statements.signatureStatuses.all(docKey) as { id: string; status: string }[];
    const was = new Map(stored.map((row) => [row.id, row.status]));
    let changed = false;
    if (previousStatus !== document.status) {
      this.statements.history.run(docKey, at, null, null, previousStatus, document.status);
      changed = true;
    }
    for (const signature of document.signatures) {
      const from = was.get(signature.id) ?? null;
      if (from === signature.status) continue;
      this.statements.history.run(docKey, at, signature.id, signature.displayName || null, from, signature.status);
      changed = true;
    }
    return changed;
  }

  private writeParts(docKey: number, accountId: string, document: Document, origin: Origin | null, previousStatus: string | null): void {
    this.statements.putRaw.run(docKey, JSON.stringify(document.raw));
    if (previousStatus !== null) {
      this.statements.clearSignatures.run(docKey);
      this.statements.forgetSearch.run(docKey, previousStatus);
    }
    document.signatures.forEach((signature, position) => {
      this.statements.insertSignature.run(signatureColumns(docKey, position, accountId, signature));
    });
    this.statements.putSearch.run({
      docKey,
      status: displayStatus(document),
      ...this.searchOf(accountId, document, origin?.batchId ?? null),
    });
  }

  /** The search entry's columns, with the names the address book gives the signers. */
  private searchOf(accountId: string, document: Document, batchId: string | null) {
    return searchColumns(accountId, document, batchId, this.names.namesOf(accountId, document.signatures));
  }
}

/** Whether a document first read had already moved: final, or a signature past "not opened". */
function hasMoved(document: Document): boolean {
  return (document.status !== 'DR' && document.status !== 'PE') || document.signatures.some((signature) => signature.status !== 'IN');
}

/**
 * When a document first read last changed, from the service's own dates (its creation, each
 * signature's invitation), or `seenAt` when something had moved that the service gives no date for.
 */
function firstChange(document: Document, createdMs: number | null, seenAt: number | null): number | null {
  if (seenAt !== null) return seenAt;
  let latest = createdMs;
  for (const signature of document.signatures) {
    const invited = signature.createdAt === null ? Number.NaN : Date.parse(signature.createdAt);
    if (Number.isFinite(invited) && (latest === null || invited > latest)) latest = invited;
  }
  return latest;
}

function documentColumns(document: Document) {
  const createdMs = document.createdAt === null ? Number.NaN : Date.parse(document.createdAt);
  const needed = document.signatures.filter((signature) => !(signature.status === 'CA' && signature.invalidationReason));
  const signerCount = needed.length;
  const signedCount = document.signatures.filter((signature) => signature.status === 'CO').length;
  return {
    id: document.id,
    title: document.title,
    // The display state (a pending document a signer rejected is `PE+DE`): counts, filters and sorts use it.
    status: displayStatus(document),
    createdAt: document.createdAt,
    createdMs: Number.isFinite(createdMs) ? createdMs : null,
    cancelReason: document.cancelReason,
    fileName: document.fileName,
    fileHash: document.fileHash,
    signerCount,
    signedCount,
    progress: signerCount === 0 ? -1 : Math.floor((signedCount * 1000) / signerCount),
  };
}

function originColumns(origin: Origin | null) {
  return { batchId: origin?.batchId ?? null, batchAt: origin?.batchAt ?? '', sourceFile: origin?.fileName ?? null };
}

function signatureColumns(docKey: number, position: number, accountId: string, signature: Signature) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    docKey,
    position,
    accountId,
    id: signature.id,
    status: signature.status,
    displayName: signature.displayName,
    email: text(signature.validations.EM?.value),
    phone: text(signature.validations.PH?.value),
    createdAt: signature.createdAt,
    url: signature.url,
    inviteChannel: JSON.stringify(signature.inviteChannel),
    validations: JSON.stringify(signature.validations),
    invalidationReason: signature.invalidationReason,
    signedDate: signature.signedDate,
    ip: signature.ip,
    device: signature.device,
    documentRef: signature.documentId,
  };
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}
