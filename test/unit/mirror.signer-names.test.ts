import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { parseDocument } from '../../electron/core/api/parse-document';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { AddressBook } from '../../electron/core/mirror/address-book';
import { DocumentQueries } from '../../electron/core/mirror/document-query';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { DocumentsService } from '../../electron/core/mirror/documents-service';
import { SettingsRepo } from '../../electron/core/settings/settings-repo';
import { Reconciler } from '../../electron/core/sync/reconciler';
import type { Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';

// Issue 16: the names the clerk gives signers (the address book) are shown wherever the mirror gives a
// signer out (documents read, the export) and found by the Documents search — also for documents
// mirrored before the name was given, and never across accounts.

const ACCOUNT = 'acct-1';
const OTHER = 'acct-2';
const now = Date.UTC(2025, 5, 20, 12);
const folder = tempFolder('signdock-names-');
let db: Db;
let reconciler: Reconciler;
let queries: DocumentQueries;
let reader: DocumentReader;
let book: AddressBook;
let service: DocumentsService;
const changes: { accountId: string; documentIds: string[] }[] = [];

function doc(id: string, title: string, signers: { email?: string; phone?: string }[], createdMs = now): Document {
  const parsed = parseDocument({
    id,
    title,
    status: 'PE',
    creation_date: new Date(createdMs).toISOString(),
    signatures: signers.map((signer, i) => ({
      id: `${id}-s${i}`,
      status: 'IN',
      created_date: null,
      url: null,
      invite_channel: [],
      validations: {
        ...(signer.email ? { EM: { value: signer.email, validated: false } } : {}),
        ...(signer.phone ? { PH: { value: signer.phone, validated: false } } : {}),
      },
    })),
  });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

const found = (search: string, accountId = ACCOUNT) =>
  queries
    .page({ accountId, search, limit: 50 })
    .documents.map((d) => d.id)
    .sort();

beforeAll(() => {
  db = openDatabase(join(folder.path, 'signdock.db'));
  const accounts = new AccountsRepo(db);
  for (const id of [ACCOUNT, OTHER])
    accounts.insert({ id, name: id, baseUrl: 'https://example.test', demo: false, createdAt: '2025-01-01T00:00:00.000Z' });
  reconciler = new Reconciler({ writer: new DocumentWriter(db) });
  reader = new DocumentReader(db);
  queries = new DocumentQueries(db, reader);
  book = new AddressBook({ db, queries, changed: (accountId, documentIds) => changes.push({ accountId, documentIds }) });
  service = new DocumentsService({
    db,
    queries,
    reader,
    account: () => ACCOUNT,
    readSignature: () => Promise.reject(new Error('offline')),
    settings: new SettingsRepo(db),
    now: () => now,
  });
  // Mirrored before any name was given.
  reconciler.apply(
    ACCOUNT,
    [
      doc('nda', 'NDA Acme 2026', [{ email: 'Ana.G@Example.com' }, { email: 'bo@example.com' }]),
      doc('lease', 'Lease Calle Mayor', [{ phone: '+34 600 111 222' }], now - 1000),
      doc('other', 'Invoice', [{ email: 'cy@example.com' }], now - 2000),
    ],
    now,
  );
  reconciler.apply(OTHER, [doc('theirs', 'Their NDA', [{ email: 'ana.g@example.com' }])], now);
});
afterAll(() => {
  db.close();
  folder.remove();
});

describe('the address book', () => {
  it('finds documents mirrored before a name was given, by that name, at once', () => {
    expect(found('garcía')).toEqual([]);
    const result = book.remember(ACCOUNT, [
      { name: 'Ana García', email: 'ana.g@example.com' },
      { name: 'Luis Pérez', phone: '+34600111222' },
    ]);
    expect(result).toEqual({ remembered: 2, documents: 2 });
    expect(changes.at(-1)).toEqual({ accountId: ACCOUNT, documentIds: expect.arrayContaining(['nda', 'lease']) as string[] });
    expect(found('garcia')).toEqual(['nda']);
    expect(found('ana gar')).toEqual(['nda']);
    expect(found('nda garcía')).toEqual(['nda']);
    expect(found('perez')).toEqual(['lease']);
    // Another account's signer with the same e-mail is not this account's contact.
    expect(found('garcia', OTHER)).toEqual([]);
  });

  it('puts the name on the signatures read, by e-mail (any case) or phone (any spacing)', () => {
    const nda = reader.get(ACCOUNT, 'nda');
    expect(nda?.signatures.map((s) => s.localName ?? null)).toEqual(['Ana García', null]);
    expect(reader.get(ACCOUNT, 'lease')?.signatures[0]?.localName).toBe('Luis Pérez');
    expect(reader.get(OTHER, 'theirs')?.signatures[0]?.localName).toBeUndefined();
    const page = queries.page({ accountId: ACCOUNT, limit: 10 });
    expect(page.documents.find((d) => d.id === 'nda')?.signatures[0]?.localName).toBe('Ana García');
  });

  it('indexes documents mirrored after the name with it', () => {
    reconciler.apply(ACCOUNT, [doc('later', 'Later contract', [{ email: 'ANA.G@example.com' }], now - 5000)], now + 1);
    expect(found('ana garcía')).toEqual(['later', 'nda']);
  });

  it('a new name replaces the old one in the search and on the signatures', () => {
    expect(book.remember(ACCOUNT, [{ name: 'Ana María García', email: 'ana.g@example.com' }])).toEqual({ remembered: 1, documents: 2 });
    expect(found('maría')).toEqual(['later', 'nda']);
    expect(book.remember(ACCOUNT, [{ name: 'Ana Ruiz', email: 'ana.g@example.com' }]).documents).toBe(2);
    expect(found('garcía')).toEqual([]);
    expect(found('ruiz')).toEqual(['later', 'nda']);
    expect(reader.get(ACCOUNT, 'nda')?.signatures[0]?.localName).toBe('Ana Ruiz');
    // The same name again changes nothing.
    expect(book.remember(ACCOUNT, [{ name: 'Ana Ruiz', email: 'ana.g@example.com' }])).toEqual({ remembered: 0, documents: 0 });
  });

  it('lists contacts most recently used first, per account', () => {
    expect(book.list(ACCOUNT).map((c) => c.name)).toEqual(['Ana Ruiz', 'Luis Pérez']);
    expect(book.list(OTHER)).toEqual([]);
  });

  it('remembers the named signers of a batch with an e-mail or phone', () => {
    book.rememberSigners(ACCOUNT, [
      { validations: { EM: 'cy@example.com' }, invite: ['EM'], name: '  Cy   Young ' },
      { validations: { EM: 'nobody@example.com' }, invite: ['EM'] },
    ]);
    expect(found('young')).toEqual(['other']);
    expect(book.list(ACCOUNT)[0]).toEqual({ name: 'Cy Young', email: 'cy@example.com' });
  });

  it('exports the names beside what the service says of the signers', () => {
    const byDocument = service
      .export({ selection: { kind: 'ids', ids: ['nda'] }, sort: { column: 'created', direction: 'desc' }, per: 'document' })
      .text.slice(1)
      .split('\r\n');
    expect(byDocument[0]).toContain(',signers,signer_names,progress,');
    expect(byDocument[1]).toContain(',"Ana.G@Example.com; bo@example.com",Ana Ruiz,0 of 2 signed,');
    const bySignature = service
      .export({ selection: { kind: 'ids', ids: ['nda'] }, sort: { column: 'created', direction: 'desc' }, per: 'signature' })
      .text.slice(1)
      .split('\r\n');
    expect(bySignature[0]).toContain(',signature_id,signer,signer_name,email,');
    expect(bySignature[1]).toContain(',nda-s0,Ana.G@Example.com,Ana Ruiz,Ana.G@Example.com,');
    expect(bySignature[2]).toContain(',nda-s1,bo@example.com,,bo@example.com,');
  });
});
