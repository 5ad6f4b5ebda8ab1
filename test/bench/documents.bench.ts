import { join } from 'node:path';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { planFilter } from '../../electron/core/mirror/filter-plan';
import { mirrorSortKeys, type DocumentSortKey, type MirrorFilter } from '../../electron/core/mirror/mirror-types';
import { Reconciler } from '../../electron/core/sync/reconciler';
import type { Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';
import { percentile, type Bench, type Figure } from './bench';
import { syntheticDocument } from './synthetic-documents';

const DOCUMENTS = 100_000;
const ACCOUNT = 'bench-account';
const RUNS = 15;
const BUDGET_MS = 20;

/** A synthetic document, with a rejected signer now and then (the "rejected" filter needs some). */
function documentFor(i: number): Document {
  const document = syntheticDocument(i);
  if (i % 13 !== 0 || document.status !== 'PE') return document;
  return { ...document, signatures: document.signatures.map((s, n) => (n === 0 ? { ...s, status: 'DE' } : s)), raw: { ...document.raw, rejected: true } };
}

const created = (i: number) => Date.UTC(2026, 0, 1) + i * 60_000;

/** What the Documents page asks on a keystroke or a click: counts by status + one page, for each sort. */
const cases: { name: string; filter: MirrorFilter }[] = [
  { name: 'search "contrato calle", pending', filter: { search: 'contrato calle', statuses: ['PE'] } },
  { name: 'search "a" (first letter typed)', filter: { search: 'a' } },
  { name: 'search an e-mail', filter: { search: 'olivia.70003@example.com' } },
  { name: 'rejected by a signer, created in 30 days', filter: { signerStatuses: ['DE'], createdFrom: created(40_000), createdTo: created(40_000) + 30 * 86_400_000 } },
];

/**
 * The Documents page's queries over 100,000 documents: counts by status following the filter plus one
 * searched, filtered page, for every sort (title included), each time with nothing cached (a write
 * before each run, as after a keystroke). Baseline: the same answers from one plain SQL query each
 * (the matches joined to the documents, ORDER BY the column, LIMIT 50; counts by GROUP BY), SQLite's
 * own plan.
 */
export const documentsBench: Bench = {
  name: 'documents',
  description: `counts + one searched, filtered, sorted page of the Documents table over ${DOCUMENTS.toLocaleString('en')} documents, every sort`,
  async run(log) {
    const folder = tempFolder('signdock-bench-documents-');
    try {
      const db = openDatabase(join(folder.path, 'signdock.db'));
      load(db, log);
      const queries = new DocumentQueries(db, new DocumentReader(db));
      const naive = new NaiveQueries(db);
      const bump = db.prepare("INSERT INTO settings (key, value) VALUES ('bench.tick', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
      let tick = 0;
      const cold = (work: () => unknown): number => {
        const times: number[] = [];
        for (let run = 0; run < RUNS + 2; run += 1) {
          bump.run(String((tick += 1)));
          const start = process.hrtime.bigint();
          work();
          if (run >= 2) times.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
        return percentile(times, 50);
      };
      const figures: Figure[] = [];
      for (const { name, filter } of cases) {
        for (const key of mirrorSortKeys) {
          const sort = { key, direction: key === 'title' || key === 'status' ? ('asc' as const) : ('desc' as const) };
          let ours: string[] = [];
          let total = 0;
          const value = cold(() => {
            const page = queries.page({ accountId: ACCOUNT, ...filter, sort, limit: 50 });
            ours = page.documents.map((d) => d.id);
            total = page.total;
          });
          let theirs: string[] = [];
          const baseline = cold(() => {
            theirs = naive.page(filter, key, sort.direction);
          });
          if (ours.join() !== theirs.join()) throw new Error(`${name}, ${key}: the page differs from the plain query's`);
          log(`${name}, by ${key}: ${total.toLocaleString('en')} match; median of ${RUNS} ${value.toFixed(2)} ms (plain SQL ${baseline.toFixed(1)} ms)`);
          figures.push({
            name: `${name}, sorted by ${key}`,
            unit: 'ms',
            value,
            baseline: { name: 'one plain SQL query (SQLite’s plan)', value: baseline },
            budget: { text: `< ${BUDGET_MS} ms`, met: value < BUDGET_MS },
            better: 'lower',
          });
        }
      }
      db.close();
      return figures;
    } finally {
      folder.remove();
    }
  },
};

export function load(db: Db, log: (line: string) => void): void {
  new AccountsRepo(db).insert({ id: ACCOUNT, name: 'Bench', baseUrl: 'http://127.0.0.1:9', demo: false, createdAt: new Date().toISOString() });
  // One document in 20 was sent by SignDock, in batches of 1,000 rows.
  const batch = db.prepare("INSERT INTO batches (id, account_id, state, source, concurrency, created_at) VALUES (?, ?, 'done', 'app', 4, ?)");
  const item = db.prepare("INSERT INTO batch_items (id, batch_id, position, path, file_name, title, state, document_id, updated_at) VALUES (?, ?, ?, ?, ?, 't', 'sent', ?, 'x')");
  db.transaction(() => {
    for (let i = 0; i < DOCUMENTS; i += 20) {
      const batchId = `batch-${Math.floor(i / 20_000)}`;
      if (i % 20_000 === 0) batch.run(batchId, ACCOUNT, new Date(created(i)).toISOString());
      item.run(`item-${i}`, batchId, i, `/in/${i}.pdf`, `scan ${i}.pdf`, `doc-${i}`);
    }
  })();
  const reconciler = new Reconciler({ writer: new DocumentWriter(db) });
  const started = Date.now();
  for (let base = 0; base < DOCUMENTS; base += 2000) reconciler.apply(ACCOUNT, Array.from({ length: Math.min(2000, DOCUMENTS - base) }, (_, k) => documentFor(base + k)), 1_000);
  // A later read where one document in 10 moved on (a "last change" other than creation).
  const moved: Document[] = [];
  for (let i = 5; i < DOCUMENTS; i += 10) {
    const document = documentFor(i);
    moved.push({ ...document, signatures: document.signatures.map((s) => ({ ...s, status: s.status === 'IN' ? 'PE' : s.status })), raw: { ...document.raw, read: true } });
  }
  for (let base = 0; base < moved.length; base += 2000) reconciler.apply(ACCOUNT, moved.slice(base, base + 2000), 2_000 + base);
  log(`loaded ${DOCUMENTS.toLocaleString('en')} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The same answers the plain way: the matches joined to the documents, ORDER BY, LIMIT; counts by GROUP BY. */
class NaiveQueries {
  constructor(private readonly db: Db) {}

  page(filter: MirrorFilter, key: DocumentSortKey, direction: 'asc' | 'desc'): string[] {
    const plan = planFilter(ACCOUNT, filter, false, () => null);
    const dir = direction === 'asc' ? 'ASC' : 'DESC';
    const order: Record<DocumentSortKey, string> = {
      created: `d.doc_key ${dir}`,
      title: `d.title COLLATE NOCASE ${dir}, d.doc_key ${dir}`,
      status: `CASE d.status WHEN 'DR' THEN 0 WHEN 'PE' THEN 1 WHEN 'CO' THEN 2 WHEN 'CA' THEN 3 ELSE 4 END ${dir}, d.status ${dir}, d.doc_key ${dir}`,
      progress: `d.progress ${dir}, d.doc_key ${dir}`,
      changed: `d.changed_ms ${dir}, d.doc_key ${dir}`,
      batch: `d.batch_at ${dir}, d.doc_key ${dir}`,
    };
    const fts = plan.fts as NonNullable<typeof plan.fts>;
    const range = `${fts.fromKey === null ? '' : ` AND rowid >= (${fts.fromKey} << 5)`}${fts.toKey === null ? '' : ` AND rowid < (${fts.toKey} << 5)`}`;
    const matches = `SELECT rowid >> 5 FROM documents_fts WHERE documents_fts MATCH ?${range}`;
    this.db.prepare(`SELECT d.status, count(*) FROM documents d WHERE d.doc_key IN (${matches}) GROUP BY d.status`).all(fts.countMatch);
    return this.db.prepare(`SELECT d.id FROM documents d WHERE d.doc_key IN (${matches}) ORDER BY ${order[key]} LIMIT 50`).pluck().all(fts.match) as string[];
  }
}
