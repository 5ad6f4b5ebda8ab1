import type Database from 'better-sqlite3';
import type { TimelineEntry } from '../../../shared/domain/documents';
import type { Db } from '../db/database';
import type { MirrorDocument } from './mirror-types';

type Statement = Database.Statement<unknown[]>;

const maxEntries = 300;

interface InboxRow {
  kind: string;
  signature_id: string | null;
  raw_body: string;
  received_at: string;
  state: string;
}

/**
 * What happened to one document, newest first: its creation and, when SignDock sent it, the batch;
 * each signer's invitation and signing at the service's own dates; each signing as the archived audit
 * evidence records it (the evidence index: who, when, from where); status changes the mirror saw (`document_history`); notifications received for it (the webhook
 * inbox); and SignDock's own actions on it or its signatures, with how each ended (the audit
 * journal), plus what sync recorded about it (the mirror's journal).
 */
export class TimelineQueries {
  private readonly statements: Record<'history' | 'inbox' | 'journal' | 'audit' | 'evidence', Statement>;

  constructor(db: Db) {
    this.statements = {
      history:
        db.prepare(`SELECT h.at_ms AS at, h.signature_id AS signatureId, h.signer, h.from_status AS "from", h.to_status AS "to", h.first_seen AS firstSeen
        FROM document_history h JOIN documents d ON d.doc_key = h.doc_key WHERE d.account_id = ? AND d.id = ? ORDER BY h.at_ms DESC, h.signature_id IS NULL DESC, h.seq DESC LIMIT ${maxEntries}`),
      inbox: db.prepare(`SELECT kind, signature_id, raw_body, received_at, state FROM webhook_inbox INDEXED BY webhook_inbox_key
        WHERE account_id = ? AND ifnull(document_id, '') = ? ORDER BY id DESC LIMIT ${maxEntries}`),
      journal: db.prepare(`SELECT at, action, actor, outcome, target FROM journal
        WHERE account_id = ? AND target IN (SELECT value FROM json_each(?)) ORDER BY seq DESC LIMIT ${maxEntries}`),
      audit:
        db.prepare(`SELECT at, action, os_user AS actor, outcome, subject, json_extract(inputs, '$.auto') AS auto FROM audit_journal INDEXED BY audit_journal_by_subject
        WHERE subject IN (SELECT value FROM json_each(?)) AND account_id = ? ORDER BY seq DESC LIMIT ${maxEntries}`),
      // The signers recorded by the newest archived evidence of the document (the evidence index).
      evidence:
        db.prepare(`SELECT json_extract(report, '$.signers') AS signers FROM evidence_bags WHERE document_id = ? AND (account_id IS NULL OR account_id = ?)
        ORDER BY archived_at DESC LIMIT 1`),
    };
  }

  timeline(accountId: string, document: MirrorDocument): TimelineEntry[] {
    const entries: TimelineEntry[] = [];
    if (document.createdAt) entries.push({ kind: 'created', at: document.createdAt });
    if (document.origin && document.createdAt) {
      entries.push({ kind: 'sent', at: document.createdAt, batchId: document.origin.batchId, fileName: document.origin.fileName });
    }
    // The service's own dates: each signer's invitation (`created_date`) and signing (`signed_date`, when given).
    for (const signature of document.signatures) {
      const signer = signature.localName || signature.displayName || null;
      if (signature.createdAt) entries.push({ kind: 'invited', at: signature.createdAt, signatureId: signature.id, signer });
      if (signature.signedDate) entries.push({ kind: 'signed', at: signature.signedDate, signatureId: signature.id, signer });
    }
    for (const record of evidenceSigners(this.statements.evidence.get(document.id, accountId) as { signers: string | null } | undefined))
      entries.push(record);
    for (const row of this.statements.history.all(accountId, document.id) as {
      at: number;
      signatureId: string | null;
      signer: string | null;
      from: string | null;
      to: string;
      firstSeen: number;
    }[]) {
      entries.push({
        kind: 'status',
        at: new Date(row.at).toISOString(),
        signatureId: row.signatureId,
        signer: row.signer,
        from: row.from,
        to: row.to,
        firstSeen: row.firstSeen === 1,
      });
    }
    for (const row of this.statements.inbox.all(accountId, document.id) as InboxRow[]) {
      entries.push({
        kind: 'notification',
        at: row.received_at,
        action: row.kind,
        signatureId: row.signature_id,
        newStatus: newStatusOf(row.raw_body),
        state: row.state,
      });
    }
    const targets = JSON.stringify([document.id, ...document.signatures.map((signature) => signature.id)]);
    for (const row of this.statements.audit.all(targets, accountId) as {
      at: string;
      action: string;
      actor: string;
      outcome: string;
      subject: string;
      auto: number | null;
    }[]) {
      const outcome = parseObject(row.outcome);
      const state = typeof outcome.state === 'string' ? outcome.state : 'done';
      const detail =
        typeof outcome.error === 'string' ? outcome.error : typeof outcome.nextPossibleAt === 'string' ? outcome.nextPossibleAt : null;
      // A reminder the automatic reminders sent (not a person) says so.
      const action = row.action === 'remind' && row.auto === 1 ? 'autoRemind' : row.action;
      entries.push({ kind: 'action', at: row.at, action, actor: row.actor, outcome: state, target: row.subject, detail });
    }
    // What sync itself recorded (a document the service no longer shows).
    for (const row of this.statements.journal.all(accountId, targets) as {
      at: string;
      action: string;
      actor: string;
      outcome: string;
      target: string | null;
    }[]) {
      entries.push({ kind: 'action', ...row, detail: null });
    }
    // Newest first; at the same time, the order of what happens (created, sent, then the rest).
    const rank: Record<TimelineEntry['kind'], number> = {
      created: 0,
      sent: 1,
      invited: 2,
      signed: 3,
      evidenceSigned: 3,
      status: 3,
      notification: 3,
      action: 3,
    };
    return entries
      .map((entry, index) => ({ entry, index, time: Date.parse(entry.at) }))
      .sort((a, b) => (b.time || 0) - (a.time || 0) || rank[b.entry.kind] - rank[a.entry.kind] || a.index - b.index)
      .slice(0, maxEntries)
      .map(({ entry }) => entry);
  }
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function newStatusOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).new_status : null;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The signings the archived evidence records with a date that reads as one (at most 50; values capped). */
function evidenceSigners(row: { signers: string | null } | undefined): TimelineEntry[] {
  const records = row?.signers
    ? (parseArray(row.signers) as { name?: unknown; email?: unknown; ip?: unknown; device?: unknown; signedAt?: unknown }[])
    : [];
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.slice(0, 200) : null);
  return records
    .filter((record) => typeof record.signedAt === 'string' && Number.isFinite(Date.parse(record.signedAt)))
    .slice(0, 50)
    .map((record) => ({
      kind: 'evidenceSigned' as const,
      at: new Date(Date.parse(record.signedAt as string)).toISOString(),
      signer: text(record.name) ?? text(record.email),
      ip: text(record.ip),
      device: text(record.device),
    }));
}

function parseArray(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item) => item !== null && typeof item === 'object') : [];
  } catch {
    return [];
  }
}
