import type Database from 'better-sqlite3';
import type { ActivityEntry } from '../../../shared/domain/documents';
import type { Db } from '../db/database';
import { SignerNames } from './signer-names';

type Statement = Database.Statement<unknown[]>;

interface Row {
  id: number;
  at: number;
  documentId: string;
  title: string;
  signatureId: string | null;
  signer: string | null;
  email: string | null;
  phone: string | null;
  from: string | null;
  to: string;
  invalidated: number;
}

/**
 * The Activity feed from the mirror's history (`document_history`): every status change SignDock saw
 * between two reads of a document — whether a full sync, a notification's re-read or the read after
 * SignDock's own action brought it — so the feed does not depend on notifications; a signer added
 * (a replacement) has `from` null. What a document already showed when first read (`first_seen`) is
 * not news and stays out; a signature cancelled with a reason is `replaced`. Signers carry the name the
 * clerk gave them. Newest first.
 */
export class ActivityQueries {
  private readonly statements: Record<'page' | 'count', Statement>;
  private readonly names: SignerNames;

  constructor(db: Db) {
    this.names = new SignerNames(db);
    // A signature cancelled with its document (read together) is the document's cancellation: one line.
    const from = `FROM document_history h JOIN documents d ON d.doc_key = h.doc_key WHERE d.account_id = ? AND h.first_seen = 0
      AND NOT (h.signature_id IS NOT NULL AND h.to_status = 'CA' AND EXISTS (SELECT 1 FROM document_history x
        WHERE x.doc_key = h.doc_key AND x.signature_id IS NULL AND x.to_status = 'CA' AND x.at_ms = h.at_ms))`;
    this.statements = {
      page: db.prepare(`SELECT h.seq AS id, h.at_ms AS at, d.id AS documentId, d.title, h.signature_id AS signatureId, h.signer,
        s.email, s.phone, h.from_status AS "from", h.to_status AS "to", coalesce(s.invalidation_reason, '') <> '' AS invalidated
        ${from.replace('WHERE', 'LEFT JOIN signatures s ON s.doc_key = h.doc_key AND s.id = h.signature_id WHERE')}
        ORDER BY h.at_ms DESC, h.signature_id IS NULL DESC, h.seq DESC LIMIT ?`),
      count: db.prepare(`SELECT count(*) ${from}`).pluck(),
    };
  }

  feed(accountId: string, limit: number): { items: ActivityEntry[]; total: number } {
    const rows = this.statements.page.all(accountId, limit) as Row[];
    const names = this.names.namesFor(accountId, rows);
    return {
      items: rows.map(({ email: _email, phone: _phone, at, invalidated, ...row }, index) => ({
        ...row,
        at: new Date(at).toISOString(),
        signer: names[index] || row.signer,
        ...(row.to === 'CA' && invalidated ? { replaced: true } : {}),
      })),
      total: this.statements.count.get(accountId) as number,
    };
  }
}
