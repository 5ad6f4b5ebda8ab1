import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { parseDocument } from '../../electron/core/api/parse-document';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { DocumentsService } from '../../electron/core/mirror/documents-service';
import { Journal } from '../../electron/core/journal/journal';
import { SyncLog } from '../../electron/core/mirror/sync-log';
import { SettingsRepo } from '../../electron/core/settings/settings-repo';
import { Reconciler } from '../../electron/core/sync/reconciler';
import type { Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';

// The dashboard, the timeline and the export of the Documents page, on a real mirror.

const ACCOUNT = 'acct-1';
const day = 86_400_000;
const now = Date.UTC(2025, 5, 20, 12); // a Friday
const folder = tempFolder('signdock-dashboard-');
let db: Db;
let service: DocumentsService;
let reconciler: Reconciler;

function doc(id: string, title: string, status: string, createdMs: number, signers: [string, string][]): Document {
  const parsed = parseDocument({
    id,
    title,
    status,
    creation_date: new Date(createdMs).toISOString(),
    signatures: signers.map(([email, code], i) => ({
      id: `${id}-s${i}`,
      status: code,
      created_date: null,
      url: `https://sign.test/${id}/${i}`,
      invite_channel: ['EM'],
      validations: { EM: { value: email, validated: code === 'CO' } },
    })),
  });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

beforeAll(() => {
  db = openDatabase(join(folder.path, 'signdock.db'));
  new AccountsRepo(db).insert({
    id: ACCOUNT,
    name: 'One',
    baseUrl: 'https://example.test',
    demo: false,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  reconciler = new Reconciler({ writer: new DocumentWriter(db) });
  const reader = new DocumentReader(db);
  const settings = new SettingsRepo(db);
  service = new DocumentsService({
    db,
    queries: new DocumentQueries(db, reader),
    reader,
    account: () => ACCOUNT,
    readSignature: () => Promise.reject(new Error('offline')),
    settings,
    now: () => now,
  });
  reconciler.apply(
    ACCOUNT,
    [
      doc('old-pending', '=HYPERLINK("x") Old lease', 'PE', now - 30 * day, [
        ['ana@example.com', 'IN'],
        ['bo@example.com', 'CO'],
      ]),
      doc('rejected', 'Contrato, "anexo"', 'PE', now - 2 * day, [['cy@example.com', 'DE']]),
      doc('fresh', 'Fresh NDA', 'PE', now - 1 * day, [['di@example.com', 'IN']]),
      doc('done-before', 'Signed long ago', 'CO', now - 40 * day, [['ed@example.com', 'CO']]),
      doc('to-cancel', 'Cancelled today', 'PE', now - 5 * day, [['fa@example.com', 'IN']]),
    ],
    now - 3 * day,
  );
  // Seen changing: completed two days ago, cancelled today.
  reconciler.apply(ACCOUNT, [doc('fresh', 'Fresh NDA', 'CO', now - 1 * day, [['di@example.com', 'CO']])], now - 2 * day + 1000);
  reconciler.apply(ACCOUNT, [doc('to-cancel', 'Cancelled today', 'CA', now - 5 * day, [['fa@example.com', 'CA']])], now - 1000);
  db.prepare(
    `INSERT INTO webhook_inbox (account_id, dedupe_key, kind, document_id, signature_id, raw_body, received_at, state) VALUES (?, 'n:1', 'DC', 'to-cancel', NULL, '{"new_status":"CA"}', ?, 'done')`,
  ).run(ACCOUNT, new Date(now - 2000).toISOString());
  new Journal(db, () => new Date(now - 500)).append({
    accountId: ACCOUNT,
    action: 'cancel',
    subject: 'to-cancel',
    inputs: { reason: 'Wrong file' },
    outcome: { state: 'done', status: 'CA' },
  });
  new SyncLog(db, () => new Date(now - 400)).record({
    accountId: ACCOUNT,
    actor: 'sync',
    action: 'document.refresh',
    target: 'to-cancel',
    outcome: 'not-found',
  });
});
afterAll(() => {
  db.close();
  folder.remove();
});

describe('the dashboard', () => {
  it('counts, charts per day and week, and lists what needs attention', () => {
    const board = service.dashboard({ filter: {}, period: { from: now - 7 * day, to: now + day, bucket: 'day', utcOffsetMinutes: 0 } });
    // The pending document a signer rejected is counted apart: "Rejected — needs action" (issue 24).
    expect(board.counts).toEqual({ byStatus: { PE: 1, 'PE+DE': 1, CO: 2, CA: 1 }, total: 5 });
    const at = (ms: number) => board.chart.starts.findIndex((start) => start <= ms && ms < start + day);
    expect(board.chart.sent[at(now - 2 * day)]).toBe(1);
    expect(board.chart.sent[at(now - 5 * day)]).toBe(1);
    expect(board.chart.sent.reduce((a, b) => a + b, 0)).toBe(3);
    expect(board.chart.completed[at(now - 2 * day + 1000)]).toBe(1);
    expect(board.chart.cancelled[at(now - 1000)]).toBe(1);
    expect(board.chart.undated).toBe(1); // 'done-before' was already completed when first read
    expect(board.attention.rejected).toMatchObject({ count: 1, items: [{ documentId: 'rejected', signer: 'cy@example.com' }] });
    expect(board.attention.stalePending).toMatchObject({ count: 1, items: [{ documentId: 'old-pending' }] });
    expect(board.attention.unopened).toMatchObject({ count: 1, items: [{ documentId: 'old-pending', signer: 'ana@example.com' }] });

    const weeks = service.dashboard({ filter: {}, period: { from: now - 14 * day, to: now + day, bucket: 'week', utcOffsetMinutes: 120 } });
    for (const start of weeks.chart.starts) expect(new Date(start + 120 * 60_000).getUTCDay(), 'weeks start on Monday, local time').toBe(1);
    expect(weeks.chart.sent.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('follows the filter, and the thresholds are a setting', () => {
    const board = service.dashboard({
      filter: { search: 'contrato' },
      period: { from: now - 7 * day, to: now + day, bucket: 'day', utcOffsetMinutes: 0 },
    });
    expect(board.counts).toEqual({ byStatus: { 'PE+DE': 1 }, total: 1 });
    expect(board.attention.stalePending.count).toBe(0);
    expect(service.setAttention({ pendingDays: 1 })).toEqual({ pendingDays: 1, unopenedDays: 3 });
    expect(
      service.dashboard({ filter: {}, period: { from: now - day, to: now, bucket: 'day', utcOffsetMinutes: 0 } }).attention.stalePending
        .count,
    ).toBe(1); // 'rejected' is under rejected
  });
});

describe('the timeline', () => {
  it('has the creation, the changes seen, notifications and SignDock’s own actions, newest first', () => {
    const { timeline } = service.detail('to-cancel');
    expect(timeline.map((entry) => entry.kind)).toEqual(['action', 'action', 'status', 'status', 'notification', 'created']);
    expect(timeline[0]).toMatchObject({ kind: 'action', action: 'document.refresh', outcome: 'not-found' });
    expect(timeline[1]).toMatchObject({ kind: 'action', action: 'cancel', outcome: 'done', target: 'to-cancel' });
    expect(timeline[2]).toMatchObject({ kind: 'status', signatureId: null, from: 'PE', to: 'CA' });
    expect(timeline[4]).toMatchObject({ kind: 'notification', action: 'DC', newStatus: 'CA', state: 'done' });
  });
});

describe('the export', () => {
  it('writes the filtered view as CSV with a BOM, neutralised formulas and quoted cells', () => {
    const { text, rows } = service.export({
      selection: { kind: 'query', filter: { statuses: ['PE', 'PE+DE'] }, exceptIds: [] },
      sort: { column: 'title', direction: 'asc' },
      per: 'document',
    });
    expect(rows).toBe(2);
    expect(text.startsWith('\uFEFFdocument_id,title,status,')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toMatch(/^old-pending,"'=HYPERLINK\(""x""\) Old lease",Pending,PE,"ana@example.com; bo@example.com",,1 of 2 signed,/);
    expect(lines[2]).toMatch(/^rejected,"Contrato, ""anexo""",Rejected — needs action,PE,cy@example.com,,"0 of 1 signed, 1 rejected",/);
  });

  it('writes one line per signature of a selection, leaving out the rows unticked', () => {
    const { text, rows } = service.export({
      selection: { kind: 'query', filter: {}, exceptIds: ['rejected', 'fresh', 'to-cancel'] },
      sort: { column: 'created', direction: 'asc' },
      per: 'signature',
    });
    expect(rows).toBe(3);
    expect(text).toContain('old-pending,');
    expect(text).toContain(',Not opened,IN,e-mail,');
    const ids = service.export({
      selection: { kind: 'ids', ids: ['fresh', 'nope'] },
      sort: { column: 'created', direction: 'asc' },
      per: 'document',
    });
    expect(ids.rows).toBe(1);
  });
});
