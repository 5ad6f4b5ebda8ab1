import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { parseDocument } from '../../electron/core/api/parse-document';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import type { MirrorQuery, DocumentSortKey, SortDirection } from '../../electron/core/mirror/mirror-types';
import { Reconciler } from '../../electron/core/sync/reconciler';
import type { Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';

const MAIN = 'acct-main';
const OTHER = 'acct-other';
const folder = tempFolder('signdock-search-');
let db: Db;
let queries: DocumentQueries;
const seeded: { id: string; title: string; status: string; createdMs: number; signers: string[] }[] = [];

const statuses = ['PE', 'PE', 'CO', 'CA', 'DR', 'XX'];
const kinds = ['Contract', 'Contract', 'Contract', 'Lease', 'Invoice'];

function makeDocument(id: string, title: string, status: string, createdMs: number, signatures: Record<string, unknown>[]): Document {
  const parsed = parseDocument({
    id,
    title,
    status,
    creation_date: new Date(createdMs).toISOString(),
    signatures: signatures.map((s, i) => ({ id: `${id}-s${i}`, status: 'IN', created_date: null, url: null, invite_channel: [], ...s })),
  });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

beforeAll(() => {
  db = openDatabase(join(folder.path, 'signdock.db'));
  const accounts = new AccountsRepo(db);
  for (const id of [MAIN, OTHER])
    accounts.insert({ id, name: id, baseUrl: 'https://example.test', demo: false, createdAt: '2025-01-01T00:00:00.000Z' });
  const reconciler = new Reconciler({ writer: new DocumentWriter(db) });
  queries = new DocumentQueries(db, new DocumentReader(db));

  const base = Date.UTC(2025, 0, 1);
  const documents: Document[] = [];
  for (let i = 0; i < 300; i += 1) {
    const id = `doc-${String(i).padStart(3, '0')}`;
    const title = `${kinds[i % kinds.length]} ${String.fromCharCode(97 + ((i * 7) % 26))}${i}`;
    const status = statuses[i % statuses.length] as string;
    const createdMs = base + ((i * 7919) % 300) * 60_000;
    const email = `person${i}@example.com`;
    documents.push(makeDocument(id, title, status, createdMs, [{ validations: { EM: { value: email, validated: false } } }]));
    seeded.push({ id, title, status, createdMs, signers: [email] });
  }
  documents.push(
    makeDocument('special-1', 'Acuerdo de confidencialidad', 'PE', base - 1_000, [
      {
        validations: {
          AF: { value: { full_name: 'José Pérez' }, validated: true },
          EM: { value: 'jose.perez@acme.com.ar', validated: true },
        },
      },
      { validations: { PH: { value: '+54 9 11 5555-6666', validated: false } } },
    ]),
  );
  seeded.push({
    id: 'special-1',
    title: 'Acuerdo de confidencialidad',
    status: 'PE',
    createdMs: base - 1_000,
    signers: ['jose.perez@acme.com.ar', '+54 9 11 5555-6666'],
  });
  reconciler.apply(MAIN, documents, 1_000);
  reconciler.apply(
    OTHER,
    [makeDocument('other-1', 'Contract for another account', 'PE', base, [{ validations: { EM: { value: 'person1@example.com' } } }])],
    1_000,
  );
});
afterAll(() => {
  db.close();
  folder.remove();
});

const ids = (query: MirrorQuery) => queries.page(query).documents.map((d) => d.id);

describe('searching the mirror', () => {
  it('finds a document by a word of its title, any case and accents', () => {
    expect(ids({ accountId: MAIN, search: 'confidencialidad', limit: 10 })).toEqual(['special-1']);
    expect(ids({ accountId: MAIN, search: 'ACUERDO conf', limit: 10 })).toEqual(['special-1']);
  });

  it("finds a document by a signer's e-mail, whole or begun", () => {
    expect(ids({ accountId: MAIN, search: 'jose.perez@acme.com.ar', limit: 10 })).toEqual(['special-1']);
    expect(ids({ accountId: MAIN, search: 'jose.perez@acm', limit: 10 })).toEqual(['special-1']);
    expect(ids({ accountId: MAIN, search: 'person17@example.com', limit: 10 })).toEqual(['doc-017']);
  });

  it("finds a document by a signer's display name (the AF full name), with or without accents", () => {
    expect(ids({ accountId: MAIN, search: 'José Pérez', limit: 10 })).toEqual(['special-1']);
    expect(ids({ accountId: MAIN, search: 'jose per', limit: 10 })).toEqual(['special-1']);
  });

  it("finds a document by a signer's phone, as typed in any format or by its last digits", () => {
    for (const search of ['+5491155556666', '+54 9 11 5555-6666', '11 5555 6666', '55556666', '5555-6666', '5491155']) {
      expect(ids({ accountId: MAIN, search, limit: 10 }), search).toEqual(['special-1']);
    }
  });

  it('treats what the user types as words, never as search syntax', () => {
    for (const search of [
      '"',
      'NEAR(contract lease)',
      'contract OR lease',
      'title:contract',
      '*',
      '-contract',
      '(',
      'AND',
      'a"b',
      "'; DROP TABLE documents; --",
      '{title}: x',
      '^contract',
    ]) {
      expect(() => queries.page({ accountId: MAIN, search, limit: 5 }), search).not.toThrow();
    }
    expect(queries.page({ accountId: MAIN, search: 'contract OR lease', limit: 5 }).total).toBe(0);
    expect(queries.page({ accountId: MAIN, search: '--- ***', limit: 5 }).total).toBe(301);
  });

  it('keeps accounts apart', () => {
    expect(ids({ accountId: OTHER, search: 'contract', limit: 10 })).toEqual(['other-1']);
    expect(ids({ accountId: MAIN, search: 'another', limit: 10 })).toEqual([]);
    expect(queries.counts(OTHER)).toEqual({ byStatus: { PE: 1 }, total: 1 });
  });

  it('counts documents by status, unknown codes included', () => {
    const byStatus: Record<string, number> = {};
    for (const doc of seeded) byStatus[doc.status] = (byStatus[doc.status] ?? 0) + 1;
    expect(queries.counts(MAIN)).toEqual({ byStatus, total: 301 });
  });
});

/** The Status column's order: the lifecycle, then other codes. */
const statusRank = (code: string) => ['DR', 'PE', 'CO', 'CA'].indexOf(code) + 1 || 9;

/** What the page query must answer, computed here from the seeded data. */
function expected(search: string | undefined, filter: string[], key: DocumentSortKey, direction: SortDirection): string[] {
  const word = search?.toLowerCase();
  const rows = seeded.filter(
    (d) =>
      (filter.length === 0 || filter.includes(d.status)) &&
      (!word ||
        [...d.title.toLowerCase().split(/[^a-z0-9]+/), ...d.signers.flatMap((s) => s.split(/[^a-z0-9]+/))].some((t) => t.startsWith(word))),
  );
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort((a, b) => {
    if (key === 'title') return sign * compare(a.title.toLowerCase(), b.title.toLowerCase());
    if (key === 'status') return sign * (compare(statusRank(a.status), statusRank(b.status)) || compare(a.createdMs, b.createdMs));
    return sign * compare(a.createdMs, b.createdMs);
  });
  return rows.map((d) => d.id);
}

describe('a page of the mirror', () => {
  const searches = [undefined, 'contract', 'lease', 'invoice', 'b1', 'person2'];
  const filters = [[], ['PE'], ['CO', 'XX'], ['CA', 'PE', 'DR']];

  it('filters, searches and sorts like the reference, page after page, on every path', () => {
    for (const search of searches) {
      for (const filter of filters) {
        for (const key of ['created', 'title', 'status'] as const) {
          for (const direction of ['asc', 'desc'] as const) {
            const want = expected(search, filter, key, direction);
            const label = `${search} ${filter.join('+')} ${key} ${direction}`;
            const got: string[] = [];
            for (let offset = 0; offset < want.length + 20; offset += 20) {
              const page = queries.page({ accountId: MAIN, statuses: filter, search, sort: { key, direction }, limit: 20, offset });
              expect(page.total, label).toBe(want.length);
              got.push(...page.documents.map((d) => d.id));
            }
            expect(got, label).toEqual(want);
          }
        }
      }
    }
  });

  it('returns documents with their signatures, and nothing past the end', () => {
    const page = queries.page({ accountId: MAIN, search: 'person42', limit: 5 });
    expect(page.total).toBe(1);
    expect(page.documents[0]).toMatchObject({
      id: 'doc-042',
      accountId: MAIN,
      signatures: [{ id: 'doc-042-s0', displayName: 'person42@example.com' }],
    });
    expect(queries.page({ accountId: MAIN, limit: 50, offset: 10_000 })).toMatchObject({ documents: [], total: 301 });
    expect(queries.page({ accountId: MAIN, limit: 0 }).documents).toEqual([]);
  });
});

describe('removing an account', () => {
  it('removes its documents, signatures, search entries and counts with it', () => {
    new AccountsRepo(db).delete(OTHER);
    expect(queries.counts(OTHER)).toEqual({ byStatus: {}, total: 0 });
    expect(db.prepare('SELECT count(*) FROM signatures WHERE account_id = ?').pluck().get(OTHER)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?').pluck().get('"another"')).toBe(0);
    // With one account left, searches leave the account out of the search expression: same answers.
    expect(ids({ accountId: MAIN, search: 'person17@example.com', limit: 10 })).toEqual(['doc-017']);
    expect(queries.page({ accountId: MAIN, search: 'contract', statuses: ['PE'], limit: 500 }).documents.map((d) => d.id)).toEqual(
      expected('contract', ['PE'], 'created', 'desc'),
    );
  });
});

describe('a title-sorted search whose matches all sort late', () => {
  it('still answers the right page', () => {
    const own = tempFolder('signdock-search-late-');
    const ownDb = openDatabase(join(own.path, 'signdock.db'));
    try {
      new AccountsRepo(ownDb).insert({
        id: MAIN,
        name: 'main',
        baseUrl: 'https://example.test',
        demo: false,
        createdAt: '2025-01-01T00:00:00.000Z',
      });
      const documents = Array.from({ length: 550 }, (_, i) =>
        makeDocument(
          `late-${i}`,
          i < 250 ? `Alpha ${String(i).padStart(3, '0')}` : `Zeta ${String(i).padStart(3, '0')}`,
          'PE',
          Date.UTC(2025, 0, 1) + i,
          [],
        ),
      );
      new Reconciler({ writer: new DocumentWriter(ownDb) }).apply(MAIN, documents, 1);
      const ownQueries = new DocumentQueries(ownDb, new DocumentReader(ownDb));
      const page = ownQueries.page({ accountId: MAIN, search: 'zeta', sort: { key: 'title', direction: 'asc' }, limit: 20 });
      expect(page.total).toBe(300);
      expect(page.documents.map((d) => d.id)).toEqual(Array.from({ length: 20 }, (_, i) => `late-${250 + i}`));
    } finally {
      ownDb.close();
      own.remove();
    }
  });
});
