import type { Migration } from '../db/migration';

/**
 * The address book (issue 16): names the clerk gave signers, per account, by address — `e:` and the
 * e-mail in lower case, or `p:` and the phone's digits (with its +), see `addressKeys` in
 * shared/domain/contacts.ts. A contact with both an e-mail and a phone has a row for each. The latest
 * name given to an address wins. The mirror adds them to signatures it reads and to the search index.
 */
export const signerNamesSchema: Migration = {
  name: 'signer names',
  sql: `
    CREATE TABLE signer_names (
      account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      address    TEXT NOT NULL,
      name       TEXT NOT NULL,
      email      TEXT,
      phone      TEXT,
      used_ms    INTEGER NOT NULL,
      PRIMARY KEY (account_id, address)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX signer_names_by_use ON signer_names (account_id, used_ms);
  `,
};
