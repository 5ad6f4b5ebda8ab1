import type Database from 'better-sqlite3';
import type { Document, Signature } from '../../../shared/domain/documents';
import type { Db } from '../db/database';
import type { StoredStamp } from './mirror-types';
import { searchColumns } from './search-text';

type Statement = Database.Statement<unknown[]>;

const keysPerMs = 1024;
/** Keys stay exact JavaScript integers (below 2^53) for creation times up to the 23rd century. */
const maxKeyMs = Math.floor(Number.MAX_SAFE_INTEGER / keysPerMs) - 1;

/**
 * Writes snapshots into the mirror: the document row, its raw JSON, its signatures and its search
 * entry, always together. It decides nothing: the reconciler (sync/reconciler.ts) says what to write
 * and runs it inside `transaction`.
 */
export class DocumentWriter {
  private readonly statements: {
    stamp: Statement;
    keyTaken: Statement;
    insert: Statement;
    update: Statement;
    touch: Statement;
    putRaw: Statement;
    clearSignatures: Statement;
    insertSignature: Statement;
    forgetSearch: Statement;
    putSearch: Statement;
  };

  constructor(private readonly db: Db) {
    this.statements = {
      stamp: db.prepare('SELECT doc_key AS docKey, read_at AS readAt, remote_updated AS remoteUpdated, status FROM documents WHERE account_id = ? AND id = ?'),
      keyTaken: db.prepare('SELECT 1 FROM documents WHERE doc_key = ?').pluck(),
      insert: db.prepare(`INSERT INTO documents (doc_key, account_id, id, title, status, created_at, created_ms, cancel_reason, file_name, file_hash, read_at, remote_updated)
        VALUES (@docKey, @accountId, @id, @title, @status, @createdAt, @createdMs, @cancelReason, @fileName, @fileHash, @readAt, @remoteUpdated)`),
      update: db.prepare(`UPDATE documents SET title = @title, status = @status, created_at = @createdAt, created_ms = @createdMs,
        cancel_reason = @cancelReason, file_name = @fileName, file_hash = @fileHash, read_at = @readAt, remote_updated = @remoteUpdated
        WHERE doc_key = @docKey`),
      touch: db.prepare('UPDATE documents SET read_at = ? WHERE doc_key = ? AND read_at < ?'),
      putRaw: db.prepare('INSERT INTO document_raw (doc_key, raw) VALUES (?, ?) ON CONFLICT (doc_key) DO UPDATE SET raw = excluded.raw'),
      clearSignatures: db.prepare('DELETE FROM signatures WHERE doc_key = ?'),
      insertSignature: db.prepare(`INSERT INTO signatures (doc_key, position, account_id, id, status, display_name, email, phone, created_at, url,
        invite_channel, validations, invalidation_reason, signed_date, ip, device, document_ref)
        VALUES (@docKey, @position, @accountId, @id, @status, @displayName, @email, @phone, @createdAt, @url,
        @inviteChannel, @validations, @invalidationReason, @signedDate, @ip, @device, @documentRef)`),
      forgetSearch: db.prepare('DELETE FROM documents_fts WHERE rowid = ?'),
      putSearch: db.prepare('INSERT INTO documents_fts (rowid, title, signers, scope) VALUES (@docKey, @title, @signers, @scope)'),
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
    this.statements.insert.run({ ...columns, docKey, accountId, readAt, remoteUpdated });
    this.writeParts(docKey, accountId, document, false);
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

  replace(docKey: number, accountId: string, document: Document, readAt: number, remoteUpdated: string): void {
    this.statements.update.run({ ...documentColumns(document), docKey, readAt, remoteUpdated });
    this.writeParts(docKey, accountId, document, true);
  }

  /** Records a later read of the same content. */
  touch(docKey: number, readAt: number): void {
    this.statements.touch.run(readAt, docKey, readAt);
  }

  private writeParts(docKey: number, accountId: string, document: Document, existed: boolean): void {
    this.statements.putRaw.run(docKey, JSON.stringify(document.raw));
    if (existed) {
      this.statements.clearSignatures.run(docKey);
      this.statements.forgetSearch.run(docKey);
    }
    document.signatures.forEach((signature, position) => {
      this.statements.insertSignature.run(signatureColumns(docKey, position, accountId, signature));
    });
    this.statements.putSearch.run({ docKey, ...searchColumns(accountId, document) });
  }
}

function documentColumns(document: Document) {
  const createdMs = document.createdAt === null ? Number.NaN : Date.parse(document.createdAt);
  return {
    id: document.id,
    title: document.title,
    status: document.status,
    createdAt: document.createdAt,
    createdMs: Number.isFinite(createdMs) ? createdMs : null,
    cancelReason: document.cancelReason,
    fileName: document.fileName,
    fileHash: document.fileHash,
  };
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
