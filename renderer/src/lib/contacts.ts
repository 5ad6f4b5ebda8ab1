import { useEffect, useSyncExternalStore } from 'react';
import type { Contact, ContractClient, Signer } from '../../../shared';

export type { Contact } from '../../../shared';

/**
 * The account's address book: the names the clerk gave signers (the service takes no names), each
 * with the e-mail or phone it went with. The host keeps it (SQLite, per account, on this computer;
 * `contacts.*`) and remembers the names of rows' signers itself; the mirror puts them on the
 * signatures it gives out (`localName`). Here: the list for suggestions on the Send page, read once
 * per account and again after signers are saved.
 */
const lists = new Map<string, Contact[]>();
const listeners = new Set<() => void>();
const none: Contact[] = [];
/** Before the host kept them, names lived in this browser's storage: handed to the host once. */
const legacyKey = (accountId: string) => `signdock.contacts.${accountId}`;

function changed(): void {
  for (const listener of listeners) listener();
}

/** Reads the account's contacts again from the host (a failure keeps what was known). */
export async function refreshContacts(client: ContractClient, accountId: string | null): Promise<void> {
  if (!accountId) return;
  try {
    await handOverLegacy(client, accountId);
    lists.set(accountId, await client.call('contacts.list', {}));
    changed();
  } catch {
    // Only suggestions are lost.
  }
}

/** The account's contacts, most recently used first (read on first use). */
export function useStoredContacts(client: ContractClient, accountId: string | null): Contact[] {
  const contacts = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (accountId ? (lists.get(accountId) ?? none) : none),
  );
  useEffect(() => {
    if (accountId && !lists.has(accountId)) void refreshContacts(client, accountId);
  }, [client, accountId]);
  return contacts;
}

async function handOverLegacy(client: ContractClient, accountId: string): Promise<void> {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(legacyKey(accountId)) ?? 'null');
  } catch {
    stored = null;
  }
  if (!Array.isArray(stored)) return;
  const contacts = stored.filter(
    (c): c is Contact =>
      typeof c === 'object' &&
      c !== null &&
      typeof (c as Contact).name === 'string' &&
      (c as Contact).name.trim() !== '' &&
      Boolean((c as Contact).email ?? (c as Contact).phone),
  );
  if (contacts.length > 0) await client.call('contacts.remember', { contacts: contacts.slice(0, 500) });
  localStorage.removeItem(legacyKey(accountId));
}

export const contactOf = (signer: Signer): Contact | null => {
  if (!signer.name) return null;
  const { EM, PH } = signer.validations;
  if (!EM && !PH) return null;
  return { name: signer.name, ...(EM ? { email: EM } : {}), ...(PH ? { phone: PH } : {}) };
};

const keyOf = (contact: Contact) => `${contact.name.toLowerCase()}|${contact.email ?? ''}|${contact.phone ?? ''}`;

export function mergeContacts(lists: Contact[][]): Contact[] {
  const seen = new Map<string, Contact>();
  for (const list of lists) for (const contact of list) if (!seen.has(keyOf(contact))) seen.set(keyOf(contact), contact);
  return [...seen.values()];
}
