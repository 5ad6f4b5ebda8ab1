import type Database from 'better-sqlite3';
import { addressKeys, type Contact } from '../../../shared/domain/contacts';
import type { Signature } from '../../../shared/domain/documents';
import type { Db } from '../db/database';
import { accountToken } from './search-text';

type Statement = Database.Statement<unknown[]>;

/** The most contacts `list` answers (the Send page's suggestions). */
const maxListed = 2000;

interface NameRow {
  address: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * The account's address book in the database (table `signer_names`, names-schema.ts): remembers the
 * names the clerk gives signers, lists them for suggestions, and puts a name to the signers of the
 * documents the mirror reads and indexes. When a name is new or changes, the search entries of the
 * documents that signer is on are listed in `search_stale`, to be rewritten (DocumentQueries).
 */
export class SignerNames {
  private readonly statements: Record<'any' | 'lookup' | 'current' | 'put' | 'list' | 'documentsOf' | 'stale', Statement>;

  constructor(db: Db) {
    this.statements = {
      any: db.prepare('SELECT 1 FROM signer_names WHERE account_id = ? LIMIT 1').pluck(),
      lookup: db.prepare('SELECT address, name FROM signer_names WHERE account_id = ? AND address IN (SELECT value FROM json_each(?))'),
      current: db.prepare('SELECT name FROM signer_names WHERE account_id = ? AND address = ?').pluck(),
      put: db.prepare(`INSERT INTO signer_names (account_id, address, name, email, phone, used_ms) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (account_id, address) DO UPDATE SET name = excluded.name, email = excluded.email, phone = excluded.phone, used_ms = excluded.used_ms`),
      list: db.prepare('SELECT address, name, email, phone FROM signer_names WHERE account_id = ? ORDER BY used_ms DESC, address LIMIT ?'),
      // The search index finds the documents an address is on (e-mails as a phrase, phones by their digits).
      documentsOf: db.prepare(
        'SELECT doc_key AS docKey, id FROM documents WHERE doc_key IN (SELECT rowid >> 5 FROM documents_fts WHERE documents_fts MATCH ?)',
      ),
      stale: db.prepare('INSERT OR IGNORE INTO search_stale (doc_key) VALUES (?)'),
    };
  }

  /**
   * Remembers names (the latest for an address wins); answers how many addresses got a new name and
   * the documents whose search entries wait to be rewritten because of them.
   */
  remember(accountId: string, contacts: readonly Contact[], now = Date.now()): { remembered: number; documentIds: string[] } {
    let remembered = 0;
    const stale = new Map<number, string>();
    for (const [index, contact] of contacts.entries()) {
      const name = contact.name.replace(/\s+/g, ' ').trim();
      if (!name) continue;
      for (const address of addressKeys(contact)) {
        const before = this.statements.current.get(accountId, address) as string | undefined;
        // Earlier entries of one call are the more recent ones (`used_ms` decreasing).
        this.statements.put.run(accountId, address, name, contact.email?.trim() ?? null, contact.phone?.trim() ?? null, now - index);
        if (before === name) continue;
        remembered += 1;
        for (const row of this.statements.documentsOf.all(addressMatch(accountId, address)) as { docKey: number; id: string }[])
          stale.set(row.docKey, row.id);
      }
    }
    for (const docKey of stale.keys()) this.statements.stale.run(docKey);
    return { remembered, documentIds: [...stale.values()] };
  }

  /** Contacts, most recently used first, one per name and address pair. */
  list(accountId: string): Contact[] {
    const seen = new Map<string, Contact>();
    for (const row of this.statements.list.all(accountId, maxListed) as NameRow[]) {
      const contact: Contact = { name: row.name, ...(row.email ? { email: row.email } : {}), ...(row.phone ? { phone: row.phone } : {}) };
      const key = `${row.name.toLowerCase()}|${row.email ?? ''}|${row.phone ?? ''}`;
      if (!seen.has(key)) seen.set(key, contact);
    }
    return [...seen.values()];
  }

  /** The name of each signature that has one, by position (its e-mail's, else its phone's). */
  namesOf(accountId: string, signatures: readonly Pick<Signature, 'validations'>[]): (string | null)[] {
    return this.namesFor(
      accountId,
      signatures.map((signature) => ({ email: text(signature.validations.EM?.value), phone: text(signature.validations.PH?.value) })),
    );
  }

  /** The name of each address pair that has one, by position, in one read. */
  namesFor(accountId: string, addresses: readonly { email: string | null; phone: string | null }[]): (string | null)[] {
    // Most accounts name nobody: one seek says so.
    if (addresses.length === 0 || this.statements.any.get(accountId) === undefined) return addresses.map(() => null);
    const keys = addresses.map((address) => addressKeys(address));
    const all = [...new Set(keys.flat())];
    if (all.length === 0) return addresses.map(() => null);
    const names = new Map((this.statements.lookup.all(accountId, JSON.stringify(all)) as NameRow[]).map((row) => [row.address, row.name]));
    return keys.map((list) => list.map((key) => names.get(key)).find((name) => name !== undefined) ?? null);
  }
}

/** The MATCH expression for the documents of an account an address is on. */
function addressMatch(accountId: string, address: string): string {
  const value = address.slice(2);
  const term = address.startsWith('p:') ? value.replace(/\D/g, '') : value;
  return `signers : "${term.replace(/"/g, '""')}" AND scope : "${accountToken(accountId)}"`;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
