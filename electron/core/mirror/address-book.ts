import type { Contact } from '../../../shared/domain/contacts';
import type { Signer } from '../../../shared/domain/signers';
import type { Db } from '../db/database';
import type { DocumentQueries } from './document-query';
import { SignerNames } from './signer-names';

export interface AddressBookDeps {
  db: Db;
  queries: DocumentQueries;
  /** Tells the UI which documents now show (and are found by) another name. */
  changed: (accountId: string, documentIds: string[]) => void;
}

/**
 * The contract's `contacts.*` operations and the batches' way in: names the clerk gives signers
 * (on the Send page, in a manifest's `signerN_name` columns, or through the contract) are remembered
 * per account; the search entries of the documents they sign are rewritten at once, so a search
 * finds them by the new name the moment this returns.
 */
export class AddressBook {
  private readonly names: SignerNames;

  constructor(private readonly deps: AddressBookDeps) {
    this.names = new SignerNames(deps.db);
  }

  list(accountId: string): Contact[] {
    return this.names.list(accountId);
  }

  remember(accountId: string, contacts: readonly Contact[]): { remembered: number; documents: number } {
    const { remembered, documentIds } = this.deps.db.transaction(() => this.names.remember(accountId, contacts))();
    if (documentIds.length > 0) {
      this.deps.queries.catchUpSearch();
      this.deps.changed(accountId, documentIds);
    }
    return { remembered, documents: documentIds.length };
  }

  /** The named signers of a batch's rows (those without a name, or without an e-mail or phone, are left out). */
  rememberSigners(accountId: string, signers: readonly Signer[]): void {
    const contacts = signers.flatMap((signer): Contact[] => {
      const name = signer.name?.trim();
      const { EM, PH } = signer.validations;
      if (!name || (!EM && !PH)) return [];
      return [{ name, ...(EM ? { email: EM } : {}), ...(PH ? { phone: PH } : {}) }];
    });
    if (contacts.length > 0) this.remember(accountId, contacts);
  }
}
