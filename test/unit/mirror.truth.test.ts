import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { parseDocument } from '../../electron/core/api/parse-document';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { DocumentsService } from '../../electron/core/mirror/documents-service';
import { SettingsRepo } from '../../electron/core/settings/settings-repo';
import { Reconciler } from '../../electron/core/sync/reconciler';
import { displayStatus, signerProgress, type Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';

// Issue 24 on a real mirror: a pending document a signer rejected is its own display state (counted,
// filtered, left out of the lists once final); history from the service's dates and from what SignDock
// saw (first read apart from changes); a signer waits from their own invitation; the feed from changes.

const ACCOUNT = 'acct-1';
const day = 86_400_000;
const now = Date.UTC(2026, 10, 27, 12);
const folder = tempFolder('signdock-truth-');
let db: Db;
let service: DocumentsService;
let reconciler: Reconciler;

type Signer = { id: string; email: string; status: string; invited: number; reason?: string };
function doc(id: string, title: string, status: string, createdMs: number, signers: Signer[]): Document {
  const parsed = parseDocument({
    id,
    title,
    status,
    creation_date: new Date(createdMs).toISOString(),
    signatures: signers.map((s) => ({
      id: s.id,
      status: s.status,
      created_date: new Date(s.invited).toISOString(),
      url: null,
      invite_channel: ['EM'],
      invalidation_reason: s.reason ?? null,
      validations: { EM: { value: s.email, validated: false } },
    })),
  });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

const rejectedBefore = doc('rejected', 'Rejected lease', 'PE', now - 10 * day, [
  { id: 'r-1', email: 'ana@example.com', status: 'DE', invited: now - 10 * day },
]);
const replaced = doc('rejected', 'Rejected lease', 'PE', now - 10 * day, [
  { id: 'r-1', email: 'ana@example.com', status: 'CA', invited: now - 10 * day, reason: 'Rejected by mistake' },
  { id: 'r-2', email: 'bo@example.com', status: 'IN', invited: now - 60_000 },
]);

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
  service = new DocumentsService({
    db,
    queries: new DocumentQueries(db, reader),
    reader,
    account: () => ACCOUNT,
    readSignature: () => Promise.reject(new Error('offline')),
    settings: new SettingsRepo(db),
    now: () => now,
  });
  reconciler.apply(
    ACCOUNT,
    [
      rejectedBefore,
      doc('waiting', 'Old NDA', 'PE', now - 10 * day, [{ id: 'w-1', email: 'cy@example.com', status: 'IN', invited: now - 9 * day }]),
      doc('cancelled-rejected', 'Cancelled order', 'CA', now - 8 * day, [
        { id: 'c-1', email: 'di@example.com', status: 'DE', invited: now - 8 * day },
      ]),
      doc('to-complete', 'Quote 7', 'PE', now - 2 * day, [{ id: 't-1', email: 'ed@example.com', status: 'IN', invited: now - 2 * day }]),
    ],
    now - 3 * day,
  );
});
afterAll(() => {
  db.close();
  folder.remove();
});

const period = { from: now - 30 * day, to: now + day, bucket: 'day' as const, utcOffsetMinutes: 0 };

describe('rejected — needs action', () => {
  it('is derived from the service status and the signatures, and the document keeps the service code', () => {
    expect(displayStatus(rejectedBefore)).toBe('PE+DE');
    expect(displayStatus({ status: 'CA', signatures: [{ status: 'DE' }] })).toBe('CA');
    expect(service.detail('rejected').document.status).toBe('PE');
  });

  it('is counted and filtered apart from pending; a cancelled document leaves the rejected list', () => {
    const board = service.dashboard({ filter: {}, period });
    expect(board.counts.byStatus).toEqual({ PE: 2, 'PE+DE': 1, CA: 1 });
    expect(board.attention.rejected).toMatchObject({ count: 1, items: [{ documentId: 'rejected' }] });
    expect(
      service
        .query({ filter: { statuses: ['PE+DE'] }, sort: { column: 'created', direction: 'desc' }, limit: 50 })
        .documents.map((d) => d.id),
    ).toEqual(['rejected']);
    expect(
      service
        .query({ filter: { statuses: ['PE'] }, sort: { column: 'status', direction: 'asc' }, limit: 50 })
        .documents.map((d) => d.id)
        .sort(),
    ).toEqual(['to-complete', 'waiting']);
  });
});

describe('history and needs attention from the right clocks', () => {
  it('a signer waits from their own invitation: replaced a minute ago is not late, invited 9 days ago is', () => {
    reconciler.apply(ACCOUNT, [replaced], now - 30_000);
    const board = service.dashboard({ filter: {}, period });
    expect(board.counts.byStatus['PE+DE']).toBeUndefined();
    expect(board.attention.unopened.items.map((item) => item.documentId)).toEqual(['waiting']);
    expect(board.attention.rejected.count).toBe(0);
  });

  it('the timeline has each invitation at the service’s date and what the first read showed, labelled so', () => {
    const { timeline, document } = service.detail('rejected');
    expect(timeline.filter((entry) => entry.kind === 'invited').map((entry) => entry.at)).toEqual([
      new Date(now - 60_000).toISOString(),
      new Date(now - 10 * day).toISOString(),
    ]);
    expect(timeline).toContainEqual(
      expect.objectContaining({
        kind: 'status',
        signatureId: 'r-1',
        from: null,
        to: 'DE',
        firstSeen: true,
        at: new Date(now - 3 * day).toISOString(),
      }),
    );
    expect(timeline).toContainEqual(expect.objectContaining({ kind: 'status', signatureId: 'r-1', from: 'DE', to: 'CA' }));
    expect(document.changedAt).toBe(new Date(now - 30_000).toISOString());
    // Invalidated signers are not among those the document needs.
    expect(signerProgress(document.signatures)).toMatchObject({ total: 1, signed: 0, replaced: 1 });
  });

  it('a document first read with nothing moved last changed at its latest service date', () => {
    expect(service.detail('waiting').document.changedAt).toBe(new Date(now - 9 * day).toISOString());
  });
});

describe('the Activity feed', () => {
  it('lists the changes seen between reads, newest first: a signer added, signatures, completion, cancellation as one line', () => {
    reconciler.apply(
      ACCOUNT,
      [doc('to-complete', 'Quote 7', 'CO', now - 2 * day, [{ id: 't-1', email: 'ed@example.com', status: 'CO', invited: now - 2 * day }])],
      now - 20_000,
    );
    reconciler.apply(
      ACCOUNT,
      [doc('waiting', 'Old NDA', 'CA', now - 10 * day, [{ id: 'w-1', email: 'cy@example.com', status: 'CA', invited: now - 9 * day }])],
      now - 10_000,
    );
    const { items, total } = service.feed(50);
    const lines = items.map((item) => `${item.title}:${item.signatureId ?? 'doc'}:${item.from ?? '-'}>${item.to}`);
    expect(lines).toEqual([
      'Old NDA:doc:PE>CA',
      'Quote 7:doc:PE>CO',
      'Quote 7:t-1:IN>CO',
      'Rejected lease:r-2:->IN',
      'Rejected lease:r-1:DE>CA',
    ]);
    expect(total).toBe(5);
    expect(service.dashboard({ filter: {}, period }).attention.unopened.count).toBe(0);
  });
});
