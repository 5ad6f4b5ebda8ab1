import type { Db } from '../db/database';

export interface AccountRow {
  id: string;
  name: string;
  baseUrl: string;
  demo: boolean;
  createdAt: string;
  /** Set for the account of runs on `SIGNDOCK_API_KEY`: a fingerprint of address and key, never the key. */
  envFingerprint?: string | null;
}

interface RawRow {
  id: string;
  name: string;
  base_url: string;
  demo: number;
  created_at: string;
  env_fingerprint: string | null;
}

const toRow = (raw: RawRow): AccountRow => ({
  id: raw.id,
  name: raw.name,
  baseUrl: raw.base_url,
  demo: raw.demo === 1,
  createdAt: raw.created_at,
  envFingerprint: raw.env_fingerprint,
});

/** Account records. Never holds an API key: those are in the keychain, keyed by account id. */
export class AccountsRepo {
  constructor(private readonly db: Db) {}

  /** The stored accounts (those of environment credentials are not listed). */
  all(): AccountRow[] {
    return (this.db.prepare('SELECT * FROM accounts WHERE env_fingerprint IS NULL ORDER BY created_at, name').all() as RawRow[]).map(toRow);
  }

  byId(id: string): AccountRow | undefined {
    const raw = this.db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as RawRow | undefined;
    return raw && toRow(raw);
  }

  byName(name: string): AccountRow | undefined {
    const raw = this.db.prepare('SELECT * FROM accounts WHERE name = ? COLLATE NOCASE AND env_fingerprint IS NULL').get(name) as
      RawRow | undefined;
    return raw && toRow(raw);
  }

  insert(row: AccountRow): void {
    this.db
      .prepare('INSERT INTO accounts (id, name, base_url, demo, created_at, env_fingerprint) VALUES (?, ?, ?, ?, ?, ?)')
      .run(row.id, row.name, row.baseUrl, row.demo ? 1 : 0, row.createdAt, row.envFingerprint ?? null);
  }

  update(id: string, fields: { name: string; baseUrl: string }): void {
    // Another address is another service: its rate limit is learnt again.
    this.db
      .prepare('UPDATE accounts SET name = ?, learnt_rate = CASE WHEN base_url = ? THEN learnt_rate END, base_url = ? WHERE id = ?')
      .run(fields.name, fields.baseUrl, fields.baseUrl, id);
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM accounts WHERE id = ?').run(id);
  }
}
