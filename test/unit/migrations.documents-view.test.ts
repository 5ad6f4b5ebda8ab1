import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { parseDocument } from '../../electron/core/api/parse-document';
import { migrate, openDatabase } from '../../electron/core/db/database';
import { migrations } from '../../electron/core/db/migrations';
import { documentsViewSchema } from '../../electron/core/mirror/view-schema';
import { displayStatusSchema } from '../../electron/core/mirror/display-status-schema';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { accountToken, searchColumns, statusToken } from '../../electron/core/mirror/search-text';
import type { Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';

// The documents view migration (the last) on a mirror written by the previous version: the search index is
// rebuilt from its own terms with the new rowids and scope, and the new columns are filled.

const ACCOUNT = 'acct-1';
const folder = tempFolder('signdock-migrate7-');
afterAll(() => folder.remove());

function document(id: string, title: string, status: string, signatures: Record<string, unknown>[]): Document {
  const parsed = parseDocument({
    id,
    title,
    status,
    creation_date: '2025-05-01T10:00:00.000Z',
    signatures: signatures.map((s, i) => ({ id: `${id}-s${i}`, created_date: null, url: null, invite_channel: [], ...s })),
  });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

/** What version 6's writer stored for a document (rowid = key, scope = account and status). */
function writeAsVersion6(db: ReturnType<typeof openDatabase>, key: number, doc: Document): void {
  db.prepare(
    `INSERT INTO documents (doc_key, account_id, id, title, status, created_at, created_ms, read_at, remote_updated) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 'x')`,
  ).run(key, ACCOUNT, doc.id, doc.title, doc.status, doc.createdAt, Date.parse(doc.createdAt ?? ''));
  db.prepare('INSERT INTO document_raw (doc_key, raw) VALUES (?, ?)').run(key, JSON.stringify(doc.raw));
  doc.signatures.forEach((s, position) =>
    db
      .prepare(
        `INSERT INTO signatures (doc_key, position, account_id, id, status, display_name, invite_channel, validations) VALUES (?, ?, ?, ?, ?, ?, '[]', '{}')`,
      )
      .run(key, position, ACCOUNT, s.id, s.status, s.displayName),
  );
  const columns = searchColumns(ACCOUNT, doc, null);
  db.prepare('INSERT INTO documents_fts (rowid, title, signers, scope) VALUES (?, ?, ?, ?)').run(
    key,
    columns.title,
    columns.signers,
    `${accountToken(ACCOUNT)} ${statusToken(doc.status)}`,
  );
}

describe('migration 7 on a version 6 mirror', () => {
  it('keeps every search answer, adds signer statuses and batches to the index, and fills the new columns', () => {
    const file = join(folder.path, 'signdock.db');
    // Everything before the documents view migration (later ones, such as evidence, come after it).
    const before = migrations.findIndex((migration) => migration === documentsViewSchema);
    const old = openDatabase(file, { migrations: migrations.slice(0, before) });
    new AccountsRepo(old).insert({
      id: ACCOUNT,
      name: 'One',
      baseUrl: 'https://example.test',
      demo: false,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    writeAsVersion6(
      old,
      1_000_000,
      document('d-1', 'Acuerdo de confidencialidad', 'PE', [
        {
          status: 'CO',
          validations: {
            AF: { value: { full_name: 'José Pérez' }, validated: true },
            EM: { value: 'jose.perez@acme.com.ar', validated: true },
          },
        },
        { status: 'DE', validations: { PH: { value: '+54 9 11 5555-6666', validated: false } } },
      ]),
    );
    writeAsVersion6(
      old,
      2_000_000,
      document('d-2', 'Lease – Calle Mayor 3', 'CO', [
        { status: 'CO', validations: { EM: { value: 'ana@example.com', validated: true } } },
      ]),
    );
    old
      .prepare(
        "INSERT INTO batches (id, account_id, state, source, concurrency, created_at) VALUES ('b-1', ?, 'done', 'app', 4, '2025-05-01T09:00:00.000Z')",
      )
      .run(ACCOUNT);
    old
      .prepare(
        "INSERT INTO batch_items (id, batch_id, position, path, file_name, title, state, document_id, updated_at) VALUES ('i-1', 'b-1', 0, '/x/lease.pdf', 'lease signed v2.pdf', 'Lease', 'sent', 'd-2', 'x')",
      )
      .run();
    old.close();

    // Up to the display status migration (issue 24), tried apart below.
    const display = migrations.findIndex((migration) => migration === displayStatusSchema);
    const db = openDatabase(file, { migrations: migrations.slice(0, display) });
    expect(db.pragma('user_version', { simple: true })).toBe(display);
    const queries = new DocumentQueries(db, new DocumentReader(db));
    const ids = (filter: object) => queries.page({ accountId: ACCOUNT, limit: 10, ...filter }).documents.map((d) => d.id);

    for (const search of ['confidencialidad', 'jose per', 'José Pérez', '55556666', '+54 9 11 5555-6666', 'jose.perez@acme.com.ar'])
      expect(ids({ search }), search).toEqual(['d-1']);
    expect(ids({ search: 'calle mayor' })).toEqual(['d-2']);
    expect(ids({ signerStatuses: ['DE'] })).toEqual(['d-1']);
    expect(ids({ batchId: 'b-1' })).toEqual(['d-2']);
    expect(
      db
        .prepare('SELECT rowid >> 5 AS key, rowid & 31 AS bit FROM documents_fts WHERE documents_fts MATCH ? ORDER BY rowid')
        .all('"acuerdo" OR "lease"'),
    ).toEqual([
      { key: 1_000_000, bit: 2 },
      { key: 2_000_000, bit: 4 },
    ]);
    expect(queries.filteredCounts(ACCOUNT, { search: 'a' })).toEqual({ byStatus: { PE: 1, CO: 1 }, total: 2 });

    const reader = new DocumentReader(db);
    expect(reader.get(ACCOUNT, 'd-2')?.origin).toEqual({
      batchId: 'b-1',
      batchCreatedAt: '2025-05-01T09:00:00.000Z',
      fileName: 'lease signed v2.pdf',
    });
    expect(reader.get(ACCOUNT, 'd-1')?.changedAt).toBe('2025-05-01T10:00:00.000Z');
    expect(db.prepare("SELECT signer_count, signed_count, progress FROM documents WHERE id = 'd-1'").get()).toEqual({
      signer_count: 2,
      signed_count: 1,
      progress: 500,
    });

    // The display status migration (issue 24): the pending document a signer rejected becomes
    // "Rejected — needs action" (PE+DE) in the counts, its search entry rewritten with that status.
    expect(migrate(db, migrations)).toBeGreaterThan(0);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    const after = new DocumentQueries(db, new DocumentReader(db));
    const afterIds = (filter: object) => after.page({ accountId: ACCOUNT, limit: 10, ...filter }).documents.map((d) => d.id);
    expect(after.counts(ACCOUNT)).toEqual({ byStatus: { 'PE+DE': 1, CO: 1 }, total: 2 });
    expect(afterIds({ search: 'confidencialidad' })).toEqual(['d-1']);
    expect(afterIds({ statuses: ['PE+DE'] })).toEqual(['d-1']);
    expect(afterIds({ statuses: ['PE'] })).toEqual([]);
    expect(after.filteredCounts(ACCOUNT, { search: 'a' })).toEqual({ byStatus: { 'PE+DE': 1, CO: 1 }, total: 2 });
    expect(new DocumentReader(db).get(ACCOUNT, 'd-1')?.status).toBe('PE');

    // Removing the account removes the rebuilt entries too.
    new AccountsRepo(db).delete(ACCOUNT);
    expect(db.prepare('SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?').pluck().get('"acuerdo" OR "lease"')).toBe(0);
    db.close();
  });
});
