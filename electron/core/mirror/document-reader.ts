import type Database from 'better-sqlite3';
import type { Signature, ValidationState } from '../../../shared/domain/documents';
import { serviceStatusOf } from '../../../shared/domain/status-codes';
import type { Db } from '../db/database';
import type { MirrorDocument } from './mirror-types';
import { SignerNames } from './signer-names';

type Statement = Database.Statement<unknown[]>;

interface DocumentRow {
  doc_key: number;
  account_id: string;
  id: string;
  title: string;
  status: string;
  created_at: string | null;
  cancel_reason: string | null;
  file_name: string | null;
  file_hash: string | null;
  read_at: number;
  changed_ms: number | null;
  batch_id: string | null;
  batch_at: string;
  source_file: string | null;
  raw: string;
}

interface SignatureRow {
  doc_key: number;
  position: number;
  id: string;
  status: string;
  display_name: string;
  email: string | null;
  phone: string | null;
  created_at: string | null;
  url: string | null;
  invite_channel: string;
  validations: string;
  invalidation_reason: string | null;
  signed_date: string | null;
  ip: string | null;
  device: string | null;
  document_ref: string | null;
}

/** A non-final document, as the refresh scheduler needs it. */
export interface OpenDocument {
  documentId: string;
  status: string;
  createdMs: number | null;
  readAt: number;
}

const documentColumns = `d.doc_key, d.account_id, d.id, d.title, d.status, d.created_at, d.cancel_reason, d.file_name, d.file_hash, d.read_at, d.changed_ms, d.batch_id, d.batch_at, d.source_file, r.raw`;

/** Reads documents back out of the mirror as domain objects, signatures included. */
export class DocumentReader {
  private readonly statements: {
    one: Statement;
    byKeys: Statement;
    signatures: Statement;
    bySignature: Statement;
    open: Statement;
    absent: Statement;
  };

  private readonly names: SignerNames;

  constructor(db: Db) {
    this.names = new SignerNames(db);
    this.statements = {
      one: db.prepare(
        `SELECT ${documentColumns} FROM documents d JOIN document_raw r ON r.doc_key = d.doc_key WHERE d.account_id = ? AND d.id = ?`,
      ),
      byKeys: db.prepare(
        `SELECT ${documentColumns} FROM documents d JOIN document_raw r ON r.doc_key = d.doc_key WHERE d.doc_key IN (SELECT value FROM json_each(?))`,
      ),
      signatures: db.prepare('SELECT * FROM signatures WHERE doc_key IN (SELECT value FROM json_each(?)) ORDER BY doc_key, position'),
      bySignature: db.prepare(
        'SELECT d.id FROM signatures s JOIN documents d ON d.doc_key = s.doc_key WHERE s.account_id = ? AND s.id = ? LIMIT 1',
      ),
      open: db.prepare(`SELECT id AS documentId, status, created_ms AS createdMs, read_at AS readAt FROM documents
        WHERE account_id = ? AND status NOT IN ('CO', 'CA')`),
      absent: db.prepare('SELECT count(*) FROM documents WHERE account_id = ? AND read_at < ?').pluck(),
    };
  }

  get(accountId: string, documentId: string): MirrorDocument | null {
    const row = this.statements.one.get(accountId, documentId) as DocumentRow | undefined;
    return row ? (this.assemble([row])[0] ?? null) : null;
  }

  /** The documents with these local keys, in the order given (unknown keys are skipped). */
  byKeys(keys: readonly number[]): MirrorDocument[] {
    if (keys.length === 0) return [];
    const rows = this.statements.byKeys.all(JSON.stringify(keys)) as DocumentRow[];
    const byKey = new Map(rows.map((row) => [row.doc_key, row]));
    return this.assemble(keys.flatMap((key) => byKey.get(key) ?? []));
  }

  /** The document a signature belongs to, when the mirror knows it. */
  documentIdOfSignature(accountId: string, signatureId: string): string | null {
    const row = this.statements.bySignature.get(accountId, signatureId) as { id: string } | undefined;
    return row?.id ?? null;
  }

  /** Documents that may still change (any status but completed and cancelled, unknown codes included). */
  openDocuments(accountId: string): OpenDocument[] {
    return this.statements.open.all(accountId) as OpenDocument[];
  }

  /** How many documents of the account were last read before `readAt` (ms). */
  countReadBefore(accountId: string, readAt: number): number {
    return this.statements.absent.get(accountId, readAt) as number;
  }

  /** The address book's name of each signature row that has one: one read per account. */
  private localNames(rows: DocumentRow[], signaturesByKey: Map<number, SignatureRow[]>): Map<SignatureRow, string | null> {
    const byAccount = new Map<string, SignatureRow[]>();
    for (const row of rows) {
      const list = byAccount.get(row.account_id) ?? [];
      list.push(...(signaturesByKey.get(row.doc_key) ?? []));
      byAccount.set(row.account_id, list);
    }
    const names = new Map<SignatureRow, string | null>();
    for (const [accountId, signatures] of byAccount) {
      const found = this.names.namesFor(accountId, signatures);
      signatures.forEach((signature, index) => names.set(signature, found[index] ?? null));
    }
    return names;
  }

  private assemble(rows: DocumentRow[]): MirrorDocument[] {
    if (rows.length === 0) return [];
    const signatureRows = this.statements.signatures.all(JSON.stringify(rows.map((row) => row.doc_key))) as SignatureRow[];
    const signaturesByKey = new Map<number, SignatureRow[]>();
    for (const row of signatureRows) signaturesByKey.set(row.doc_key, [...(signaturesByKey.get(row.doc_key) ?? []), row]);
    const localNames = this.localNames(rows, signaturesByKey);
    return rows.map((row) => {
      const raw = JSON.parse(row.raw) as Record<string, unknown>;
      const rawSignatures = Array.isArray(raw.signatures) ? (raw.signatures as unknown[]) : [];
      return {
        id: row.id,
        title: row.title,
        // The row holds the display state; the document carries the service's code.
        status: serviceStatusOf(row.status),
        createdAt: row.created_at,
        cancelReason: row.cancel_reason,
        fileName: row.file_name,
        fileHash: row.file_hash,
        signatures: (signaturesByKey.get(row.doc_key) ?? []).map((signature) =>
          toSignature(signature, rawSignatures[signature.position], localNames.get(signature)),
        ),
        raw,
        accountId: row.account_id,
        readAt: new Date(row.read_at).toISOString(),
        changedAt: row.changed_ms === null ? null : new Date(row.changed_ms).toISOString(),
        origin: row.batch_id ? { batchId: row.batch_id, batchCreatedAt: row.batch_at, fileName: row.source_file ?? '' } : null,
      };
    });
  }
}

function toSignature(row: SignatureRow, raw: unknown, localName: string | null | undefined): Signature {
  return {
    ...(localName ? { localName } : {}),
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    url: row.url,
    inviteChannel: JSON.parse(row.invite_channel) as string[],
    validations: JSON.parse(row.validations) as Record<string, ValidationState>,
    invalidationReason: row.invalidation_reason,
    signedDate: row.signed_date,
    ip: row.ip,
    device: row.device,
    documentId: row.document_ref,
    displayName: row.display_name,
    raw: typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {},
  };
}
