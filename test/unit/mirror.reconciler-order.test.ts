import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { parseDocument } from '../../electron/core/api/parse-document';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { Reconciler } from '../../electron/core/sync/reconciler';
import type { Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';

/** One read of a document: what the service answered, and when the request went out. */
interface Snapshot {
  accountId: string;
  document: Document;
  readAt: number;
}

const ACCOUNTS = ['acct-a', 'acct-b'];
const folders: ReturnType<typeof tempFolder>[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

function wire(
  id: string,
  title: string,
  status: string,
  signatures: [string, string, string][],
  extra: Record<string, unknown> = {},
): Document {
  const json = {
    id,
    title,
    status,
    creation_date: '2025-03-01T10:00:00.000Z',
    cancel_reason: status === 'CA' ? 'Wrong file' : null,
    file_name: `${id}.pdf`,
    file_hash: 'ab'.repeat(32),
    signatures: signatures.map(([sid, sstatus, email]) => ({
      id: sid,
      created_date: '2025-03-01T10:00:00.000Z',
      status: sstatus,
      url: `https://example.test/sign/${sid}`,
      invite_channel: ['EM'],
      validations: { EM: { value: email, validated: sstatus === 'CO' }, PH: { value: '+5491155556666', validated: false } },
      invalidation_reason: null,
    })),
    ...extra,
  };
  const parsed = parseDocument(json);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

/** Several reads per document, out of order, some at the same instant with different content, some repeated. */
function snapshots(): Snapshot[] {
  const list: Snapshot[] = [];
  const add = (accountId: string, readAt: number, document: Document) => list.push({ accountId, readAt, document });
  for (const accountId of ACCOUNTS) {
    add(
      accountId,
      1_000,
      wire('d1', 'Lease agreement', 'PE', [
        ['s1', 'IN', 'ana@example.com'],
        ['s2', 'IN', 'bo@example.com'],
      ]),
    );
    add(
      accountId,
      2_000,
      wire('d1', 'Lease agreement', 'PE', [
        ['s1', 'CO', 'ana@example.com'],
        ['s2', 'PE', 'bo@example.com'],
      ]),
    );
    add(
      accountId,
      3_000,
      wire('d1', 'Lease agreement', 'CO', [
        ['s1', 'CO', 'ana@example.com'],
        ['s2', 'CO', 'bo@example.com'],
      ]),
    );
    add(
      accountId,
      3_000,
      wire('d1', 'Lease agreement', 'CO', [
        ['s1', 'CO', 'ana@example.com'],
        ['s2', 'CO', 'bo@example.com'],
      ]),
    );
    add(accountId, 1_500, wire('d2', 'Employment contract', 'PE', [['s3', 'IN', 'cy@example.com']]));
    // Same instant, different content: settled by the fingerprint, whatever the order.
    add(accountId, 2_500, wire('d2', 'Employment contract', 'CA', [['s3', 'CA', 'cy@example.com']]));
    add(accountId, 2_500, wire('d2', 'Employment contract (v2)', 'PE', [['s3', 'PE', 'cy@example.com']]));
    // An invalidation with a replacement: a signature is added.
    add(accountId, 1_200, wire('d3', 'NDA Acme', 'PE', [['s4', 'IN', 'dee@example.com']]));
    add(
      accountId,
      4_000,
      wire('d3', 'NDA Acme', 'PE', [
        ['s4', 'CA', 'dee@example.com'],
        ['s5', 'IN', 'eve@example.com'],
      ]),
    );
    // The same content read again later, then an earlier read arriving last.
    add(accountId, 5_000, wire('d4', 'Purchase order', 'DR', [['s6', 'IN', 'fay@example.com']]));
    add(accountId, 6_000, wire('d4', 'Purchase order', 'DR', [['s6', 'IN', 'fay@example.com']]));
    add(accountId, 4_500, wire('d4', 'Purchase order draft', 'DR', [['s6', 'IN', 'fay@example.com']]));
    // No creation date; a second document created in the same millisecond as d1.
    add(accountId, 7_000, wire('d5', 'Undated', 'PE', [['s7', 'IN', 'gus@example.com']], { creation_date: undefined }));
    add(accountId, 7_500, wire('d6', 'Twin of d1', 'PE', [['s8', 'IN', 'hal@example.com']]));
  }
  return list;
}

function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  const next = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

interface Mirror {
  db: Db;
  reconciler: Reconciler;
  queries: DocumentQueries;
  changed: string[][];
}

function freshMirror(): Mirror {
  const folder = tempFolder('signdock-order-');
  folders.push(folder);
  const db = openDatabase(join(folder.path, 'signdock.db'));
  const accounts = new AccountsRepo(db);
  for (const id of ACCOUNTS)
    accounts.insert({ id, name: id, baseUrl: 'https://example.test', demo: false, createdAt: '2025-01-01T00:00:00.000Z' });
  const changed: string[][] = [];
  const reconciler = new Reconciler({ writer: new DocumentWriter(db), onChange: (accountId, ids) => changed.push([accountId, ...ids]) });
  return { db, reconciler, queries: new DocumentQueries(db, new DocumentReader(db)), changed };
}

/**
 * Everything the mirror holds about documents, in a stable order, plus what its queries answer. Not
 * `changed_ms` nor `document_history`: they record when SignDock saw each change, so they follow the
 * order the reads arrived in.
 */
function dump(mirror: Mirror): unknown {
  const { db, queries } = mirror;
  const rows = (sql: string) => db.prepare(sql).all();
  return {
    documents: (rows('SELECT * FROM documents ORDER BY account_id, id') as Record<string, unknown>[]).map(
      ({ changed_ms: _seen, ...row }) => row,
    ),
    raw: rows('SELECT d.account_id, d.id, r.raw FROM documents d JOIN document_raw r USING (doc_key) ORDER BY 1, 2'),
    signatures: rows('SELECT * FROM signatures ORDER BY account_id, doc_key, position'),
    counts: rows('SELECT * FROM document_counts ORDER BY account_id, status'),
    pages: ACCOUNTS.flatMap((accountId) =>
      [undefined, 'agreement', 'cy@example', 'eve', '55556666', 'v2'].flatMap((search) =>
        (['created', 'title', 'status', 'progress', 'batch'] as const).map((key) => {
          const page = queries.page({ accountId, search, sort: { key, direction: 'asc' }, limit: 10 });
          return [accountId, search, key, page.total, page.documents.map((d) => [d.id, d.status, d.readAt])];
        }),
      ),
    ),
  };
}

describe('the reconciler', () => {
  it('gives the same mirror whatever the order of the snapshots, applied one by one or in batches', () => {
    const all = snapshots();
    const reference = freshMirror();
    for (const snapshot of all) reference.reconciler.apply(snapshot.accountId, [snapshot.document], snapshot.readAt);
    const expected = dump(reference);

    for (let seed = 1; seed <= 25; seed += 1) {
      const mirror = freshMirror();
      const order = seededShuffle(all, seed);
      if (seed % 2 === 0) {
        for (const snapshot of order) mirror.reconciler.apply(snapshot.accountId, [snapshot.document], snapshot.readAt);
      } else {
        // Pages: several documents applied together, read at the same instant.
        for (const snapshot of order) mirror.reconciler.apply(snapshot.accountId, [snapshot.document, snapshot.document], snapshot.readAt);
      }
      expect(dump(mirror), `order ${seed}`).toEqual(expected);
      mirror.db.close();
    }
    reference.db.close();
  });

  it('keeps, per document, the latest read (the fingerprint settles reads at the same instant)', () => {
    const mirror = freshMirror();
    for (const snapshot of seededShuffle(snapshots(), 99))
      mirror.reconciler.apply(snapshot.accountId, [snapshot.document], snapshot.readAt);
    const reader = new DocumentReader(mirror.db);
    expect(reader.get('acct-a', 'd1')).toMatchObject({ status: 'CO', readAt: new Date(3_000).toISOString() });
    expect(reader.get('acct-a', 'd3')?.signatures.map((s) => [s.id, s.status])).toEqual([
      ['s4', 'CA'],
      ['s5', 'IN'],
    ]);
    expect(reader.get('acct-a', 'd4')).toMatchObject({ title: 'Purchase order', readAt: new Date(6_000).toISOString() });
    const d2 = reader.get('acct-b', 'd2');
    expect(d2?.readAt).toBe(new Date(2_500).toISOString());
    expect(['CA', 'PE']).toContain(d2?.status);
    mirror.db.close();
  });

  it('changes nothing when the same snapshots are applied again, and says so', () => {
    const mirror = freshMirror();
    const all = snapshots();
    for (const snapshot of all) mirror.reconciler.apply(snapshot.accountId, [snapshot.document], snapshot.readAt);
    const before = dump(mirror);
    const changedBefore = mirror.changed.length;
    for (const snapshot of seededShuffle(all, 7)) {
      const [applied] = mirror.reconciler.apply(snapshot.accountId, [snapshot.document], snapshot.readAt);
      expect(['unchanged', 'stale']).toContain(applied?.outcome);
    }
    expect(dump(mirror)).toEqual(before);
    expect(mirror.changed).toHaveLength(changedBefore);
    mirror.db.close();
  });

  it('reports inserted, updated, unchanged and stale reads, and tells listeners only about changes', () => {
    const mirror = freshMirror();
    const first = wire('d9', 'Loan', 'PE', [['s9', 'IN', 'ivy@example.com']]);
    const signed = wire('d9', 'Loan', 'CO', [['s9', 'CO', 'ivy@example.com']]);
    const outcome = (document: Document, readAt: number) => mirror.reconciler.apply('acct-a', [document], readAt)[0]?.outcome;
    expect(outcome(first, 10)).toBe('inserted');
    expect(outcome(first, 20)).toBe('unchanged');
    expect(outcome(signed, 30)).toBe('updated');
    expect(outcome(first, 25)).toBe('stale');
    expect(mirror.changed).toEqual([
      ['acct-a', 'd9'],
      ['acct-a', 'd9'],
    ]);
    expect(mirror.queries.counts('acct-a')).toEqual({ byStatus: { CO: 1 }, total: 1 });

    // The search index follows the newest snapshot: the old title no longer matches.
    mirror.reconciler.apply('acct-a', [wire('d9', 'Mortgage', 'CO', [['s9', 'CO', 'ivy@example.com']])], 40);
    const total = (search: string) => mirror.queries.page({ accountId: 'acct-a', search, limit: 5 }).total;
    expect([total('loan'), total('mortgage'), total('ivy')]).toEqual([0, 1, 1]);
    mirror.db.close();
  });
});
