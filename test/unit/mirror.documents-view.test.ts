import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { parseDocument } from '../../electron/core/api/parse-document';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { DocumentQueries, defaultTuning, type QueryTuning } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { mirrorSortKeys, type DocumentSortKey, type MirrorFilter, type SortDirection } from '../../electron/core/mirror/mirror-types';
import { Reconciler } from '../../electron/core/sync/reconciler';
import type { Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';

// The Documents table's query (issue 13): every sort, both directions, filters by status, words,
// signer status, batch and creation dates, paged by cursors both ways, on every plan (the tuning
// moves the thresholds so that a few hundred documents reach each one), against a plain model.

const MAIN = 'acct-main';
const OTHER = 'acct-other';
const folder = tempFolder('signdock-docview-');
let db: Db;
let reader: DocumentReader;

interface Model {
  id: string;
  key: number;
  title: string;
  status: string;
  createdMs: number;
  words: string[];
  signerStatuses: string[];
  batchId: string | null;
  batchAt: string;
  progress: number;
  changedMs: number;
}
const model: Model[] = [];

const documentStatuses = ['PE', 'PE', 'CO', 'CA', 'DR', 'XX'];
const signerStatuses = ['IN', 'PE', 'CO', 'DE', 'CA'];
const kinds = ['Contract', 'Lease', 'Invoice', 'Óbra nueva', 'contract'];
const base = Date.UTC(2025, 0, 1);

function makeDocument(i: number, status: string, signerCodes: string[]): Document {
  const id = `doc-${String(i).padStart(3, '0')}`;
  const parsed = parseDocument({
    id,
    title: `${kinds[i % kinds.length]} ${String.fromCharCode(97 + ((i * 7) % 26))}${i}`,
    status,
    creation_date: new Date(base + ((i * 7919) % 400) * 3_600_000).toISOString(),
    signatures: signerCodes.map((code, s) => ({
      id: `${id}-s${s}`,
      status: code,
      created_date: null,
      url: null,
      invite_channel: ['EM'],
      validations: { EM: { value: `person${(i + s) % 37}@example.com`, validated: false } },
    })),
  });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

beforeAll(() => {
  db = openDatabase(join(folder.path, 'signdock.db'));
  const accounts = new AccountsRepo(db);
  for (const id of [MAIN, OTHER])
    accounts.insert({ id, name: id, baseUrl: 'https://example.test', demo: false, createdAt: '2025-01-01T00:00:00.000Z' });
  reader = new DocumentReader(db);
  const reconciler = new Reconciler({ writer: new DocumentWriter(db) });
  // Two batches; half of batch A's rows get their document id before the document reaches the
  // mirror (the writer finds the batch), the rest after (the trigger copies it).
  db.prepare(
    "INSERT INTO batches (id, account_id, state, source, concurrency, created_at) VALUES ('batch-a', ?, 'done', 'app', 4, '2025-02-01T10:00:00.000Z'), ('batch-b', ?, 'done', 'cli', 4, '2025-03-01T10:00:00.000Z')",
  ).run(MAIN, MAIN);
  const item = db.prepare(
    "INSERT INTO batch_items (id, batch_id, position, path, file_name, title, state, document_id, updated_at) VALUES (?, ?, ?, ?, ?, 't', 'sent', ?, 'x')",
  );
  const documents: Document[] = [];
  for (let i = 0; i < 420; i += 1) {
    const codes = Array.from({ length: i % 4 }, (_, s) => signerStatuses[(i + s * 3) % signerStatuses.length] as string);
    documents.push(makeDocument(i, documentStatuses[i % documentStatuses.length] as string, codes));
    if (i % 9 === 0 && i % 2 === 0)
      item.run(`item-${i}`, 'batch-a', i, `/in/${i}.pdf`, `dropped ${i}.pdf`, `doc-${String(i).padStart(3, '0')}`);
  }
  reconciler.apply(MAIN, documents, 1_000);
  for (let i = 0; i < 420; i += 1) {
    if (i % 9 === 0 && i % 2 === 1) item.run(`item-${i}`, i % 3 === 0 ? 'batch-b' : 'batch-a', i, `/in/${i}.pdf`, `dropped ${i}.pdf`, null);
  }
  db.prepare("UPDATE batch_items SET document_id = 'doc-' || substr('000' || position, -3) WHERE document_id IS NULL").run();
  // A later read where some documents and signatures moved on.
  const moved = documents
    .filter((_, i) => i % 10 === 3)
    .map((document) => ({
      ...document,
      status: document.status === 'PE' ? 'CO' : document.status,
      signatures: document.signatures.map((s) => ({ ...s, status: 'CO' })),
      raw: { ...document.raw, moved: true },
    }));
  reconciler.apply(MAIN, moved, 5_000);
  reconciler.apply(OTHER, [makeDocument(999, 'PE', ['DE'])], 1_000);

  type Row = {
    doc_key: number;
    id: string;
    title: string;
    status: string;
    created_ms: number;
    progress: number;
    changed_ms: number;
    batch_id: string | null;
    batch_at: string;
  };
  const rows = db
    .prepare('SELECT doc_key, id, title, status, created_ms, progress, changed_ms, batch_id, batch_at FROM documents WHERE account_id = ?')
    .all(MAIN) as Row[];
  const byId = new Map([...documents, ...moved].map((d) => [d.id, d]));
  for (const row of rows) {
    const document = byId.get(row.id) as Document;
    const sigs = document.signatures;
    model.push({
      id: row.id,
      key: row.doc_key,
      title: row.title,
      status: row.status,
      createdMs: row.created_ms,
      words: [...fold(row.title), ...sigs.flatMap((s) => fold(String(s.validations.EM?.value ?? '')))],
      signerStatuses: sigs.map((s) => s.status),
      batchId: row.batch_id,
      batchAt: row.batch_at,
      progress: row.progress,
      changedMs: row.changed_ms,
    });
  }
});
afterAll(() => {
  db.close();
  folder.remove();
});

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const statusRank = (code: string) => ['DR', 'PE', 'PE+DE', 'CO', 'CA'].indexOf(code) + 1 || 9;
const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

function expected(filter: MirrorFilter, key: DocumentSortKey, direction: SortDirection): string[] {
  const words = (filter.search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => fold(w).join(' '));
  const rows = model.filter(
    (d) =>
      (!filter.statuses?.length || filter.statuses.includes(d.status)) &&
      words.every((w) => d.words.some((t) => t.startsWith(w))) &&
      (filter.signerStatuses ?? []).every((code) => d.signerStatuses.includes(code)) &&
      (!filter.batchId || d.batchId === filter.batchId) &&
      (filter.createdFrom === undefined || d.createdMs >= filter.createdFrom) &&
      (filter.createdTo === undefined || d.createdMs < filter.createdTo),
  );
  const value = (d: Model): string | number =>
    ({
      created: 0,
      title: d.title.toLowerCase(),
      status: statusRank(d.status),
      progress: d.progress,
      changed: d.changedMs,
      batch: d.batchAt,
    })[key];
  const sign = direction === 'asc' ? 1 : -1;
  rows.sort((a, b) => sign * (compare(value(a), value(b)) || compare(a.key, b.key)));
  return rows.map((d) => d.id);
}

const filters: MirrorFilter[] = [
  {},
  { statuses: ['PE'] },
  { statuses: ['CO', 'XX'] },
  { search: 'contract' },
  { search: 'person1', statuses: ['PE', 'CA', 'DR'] },
  { search: 'obra' },
  { signerStatuses: ['DE'] },
  { signerStatuses: ['IN'], search: 'example' },
  { signerStatuses: ['IN', 'PE'] },
  { batchId: 'batch-a' },
  { batchId: 'batch-b', statuses: ['CA'] },
  { createdFrom: base + 100 * 3_600_000, createdTo: base + 300 * 3_600_000 },
  { createdTo: base + 50 * 3_600_000, search: 'lease', signerStatuses: ['CO'] },
];
const tunings: [string, QueryTuning][] = [
  ['default', defaultTuning],
  ['index walk with a test per row', { sortAllUpTo: 0, probeBudget: 1e9, minWalk: 1e9, maxWalk: 1e9 }],
  ['collected matches, index walk', { sortAllUpTo: 0, probeBudget: 0, minWalk: 1e9, maxWalk: 1e9 }],
  ['collected matches, sorted', { sortAllUpTo: 0, probeBudget: 0, minWalk: 1, maxWalk: 1 }],
];

describe('the Documents table query', () => {
  for (const [name, tuning] of tunings) {
    it(`pages forwards and backwards by cursor like the model, for every filter and sort (${name})`, () => {
      const queries = new DocumentQueries(db, reader, tuning);
      for (const filter of filters) {
        for (const key of mirrorSortKeys) {
          for (const direction of ['asc', 'desc'] as const) {
            const want = expected(filter, key, direction);
            const label = `${JSON.stringify(filter)} ${key} ${direction}`;
            const pages: string[][] = [];
            const firsts: string[] = [];
            let after: string | undefined;
            for (;;) {
              const page = queries.page({ accountId: MAIN, ...filter, sort: { key, direction }, limit: 23, ...(after ? { after } : {}) });
              expect(page.total, label).toBe(want.length);
              pages.push(page.documents.map((d) => d.id));
              firsts.push(page.first ?? '');
              if (!page.hasAfter) break;
              after = page.last as string;
            }
            expect(pages.flat(), label).toEqual(want);
            // Back: the page before each page's first row is the page before it.
            for (let index = pages.length - 1; index > 0; index -= 1) {
              const page = queries.page({
                accountId: MAIN,
                ...filter,
                sort: { key, direction },
                limit: 23,
                before: firsts[index] as string,
              });
              expect(
                page.documents.map((d) => d.id),
                `${label} back to page ${index - 1}`,
              ).toEqual(pages[index - 1]);
              expect(page.hasBefore, label).toBe(index > 1);
              expect(page.hasAfter, label).toBe(true);
            }
          }
        }
      }
    });
  }

  it('offsets (the CLI) give the same pages', () => {
    const queries = new DocumentQueries(db, reader);
    for (const key of mirrorSortKeys) {
      const want = expected({ search: 'contract' }, key, 'asc');
      const got: string[] = [];
      for (let offset = 0; offset < want.length; offset += 40) {
        got.push(
          ...queries
            .page({ accountId: MAIN, search: 'contract', sort: { key, direction: 'asc' }, limit: 40, offset })
            .documents.map((d) => d.id),
        );
      }
      expect(got, key).toEqual(want);
    }
  });

  it('counts by status follow the words and filters, not the status filter itself', () => {
    const queries = new DocumentQueries(db, reader);
    for (const filter of filters) {
      const { statuses: _, ...rest } = filter;
      const byStatus: Record<string, number> = {};
      for (const id of expected(rest, 'created', 'asc')) {
        const status = model.find((d) => d.id === id)?.status as string;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      }
      const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
      expect(queries.page({ accountId: MAIN, ...filter, limit: 1 }).counts, JSON.stringify(filter)).toEqual({ byStatus, total });
    }
  });

  it('keeps where SignDock sent a document from, whichever came first: the document or the batch row', () => {
    const one = reader.get(MAIN, 'doc-018');
    const other = reader.get(MAIN, 'doc-027');
    expect(one?.origin).toEqual({ batchId: 'batch-a', batchCreatedAt: '2025-02-01T10:00:00.000Z', fileName: 'dropped 18.pdf' });
    expect(other?.origin).toEqual({ batchId: 'batch-b', batchCreatedAt: '2025-03-01T10:00:00.000Z', fileName: 'dropped 27.pdf' });
    expect(reader.get(MAIN, 'doc-001')?.origin).toBeNull();
  });

  it('records the status changes a newer read shows, with when, and moves the last change', () => {
    const history = db
      .prepare(
        "SELECT h.at_ms AS at, h.signature_id AS signature, h.from_status AS fromStatus, h.to_status AS toStatus FROM document_history h JOIN documents d ON d.doc_key = h.doc_key WHERE d.id = 'doc-013' ORDER BY h.seq",
      )
      .all();
    expect(history).toEqual([
      // What the first read showed had already moved is recorded as first seen then (issue 24).
      { at: 1_000, signature: 'doc-013-s0', fromStatus: null, toStatus: 'DE' },
      { at: 5_000, signature: null, fromStatus: 'PE', toStatus: 'CO' },
      { at: 5_000, signature: 'doc-013-s0', fromStatus: 'DE', toStatus: 'CO' },
    ]);
    expect(reader.get(MAIN, 'doc-013')?.changedAt).toBe(new Date(5_000).toISOString());
    expect(reader.get(MAIN, 'doc-012')?.changedAt).toBe(reader.get(MAIN, 'doc-012')?.createdAt);
  });
});
