import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import type { Db } from '../../electron/core/db/database';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { Reconciler } from '../../electron/core/sync/reconciler';
import type { Document } from '../../shared/domain/documents';
import { syntheticDocument } from './synthetic-documents';

/** The Documents benches' mirror: 100,000 synthetic documents of one account (no service behind it). */
export const DOCUMENTS = 100_000;
export const ACCOUNT = 'bench-account';

/** A synthetic document, with a rejected signer now and then (the "rejected" filter needs some). */
function documentFor(i: number): Document {
  const document = syntheticDocument(i);
  if (i % 13 !== 0 || document.status !== 'PE') return document;
  return {
    ...document,
    signatures: document.signatures.map((s, n) => (n === 0 ? { ...s, status: 'DE' } : s)),
    raw: { ...document.raw, rejected: true },
  };
}

export const created = (i: number) => Date.UTC(2026, 0, 1) + i * 60_000;

/** Writes `count` documents (one in 20 sent by SignDock, in batches) into the mirror of ACCOUNT, through the reconciler. */
export function load(db: Db, log: (line: string) => void, count = DOCUMENTS): void {
  new AccountsRepo(db).insert({
    id: ACCOUNT,
    name: 'Bench',
    baseUrl: 'http://127.0.0.1:9',
    demo: false,
    createdAt: new Date().toISOString(),
  });
  // One document in 20 was sent by SignDock, in batches of 1,000 rows.
  const batch = db.prepare(
    "INSERT INTO batches (id, account_id, state, source, concurrency, created_at) VALUES (?, ?, 'done', 'app', 4, ?)",
  );
  const item = db.prepare(
    "INSERT INTO batch_items (id, batch_id, position, path, file_name, title, state, document_id, updated_at) VALUES (?, ?, ?, ?, ?, 't', 'sent', ?, 'x')",
  );
  db.transaction(() => {
    for (let i = 0; i < count; i += 20) {
      const batchId = `batch-${Math.floor(i / 20_000)}`;
      if (i % 20_000 === 0) batch.run(batchId, ACCOUNT, new Date(created(i)).toISOString());
      item.run(`item-${i}`, batchId, i, `/in/${i}.pdf`, `scan ${i}.pdf`, `doc-${i}`);
    }
  })();
  const reconciler = new Reconciler({ writer: new DocumentWriter(db) });
  const started = Date.now();
  for (let base = 0; base < count; base += 2000)
    reconciler.apply(
      ACCOUNT,
      Array.from({ length: Math.min(2000, count - base) }, (_, k) => documentFor(base + k)),
      1_000,
    );
  // A later read where one document in 10 moved on (a "last change" other than creation).
  const moved: Document[] = [];
  for (let i = 5; i < count; i += 10) {
    const document = documentFor(i);
    moved.push({
      ...document,
      signatures: document.signatures.map((s) => ({ ...s, status: s.status === 'IN' ? 'PE' : s.status })),
      raw: { ...document.raw, read: true },
    });
  }
  for (let base = 0; base < moved.length; base += 2000) reconciler.apply(ACCOUNT, moved.slice(base, base + 2000), 2_000 + base);
  log(`loaded ${count.toLocaleString('en')} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
