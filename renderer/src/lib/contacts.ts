import type { Signer } from '../../../shared';

/**
 * The account's address book, on this computer only: the names the clerk gave signers (the service
 * takes no names), each with the e-mail or phone it went with. Written when signers are saved on the
 * Send page; read there for suggestions and on Activity to put a name to an address.
 */
export interface Contact {
  name: string;
  email?: string;
  phone?: string;
}

const storageKey = (accountId: string) => `signdock.contacts.${accountId}`;
const MAX_CONTACTS = 500;

export function storedContacts(accountId: string | null): Contact[] {
  if (!accountId) return [];
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((c): c is Contact => typeof c === 'object' && c !== null && typeof (c as Contact).name === 'string') : [];
  } catch {
    return [];
  }
}

export const contactOf = (signer: Signer): Contact | null => {
  if (!signer.name) return null;
  const { EM, PH } = signer.validations;
  return { name: signer.name, ...(EM ? { email: EM } : {}), ...(PH ? { phone: PH } : {}) };
};

const keyOf = (contact: Contact) => `${contact.name.toLowerCase()}|${contact.email ?? ''}|${contact.phone ?? ''}`;

export function mergeContacts(lists: Contact[][]): Contact[] {
  const seen = new Map<string, Contact>();
  for (const list of lists) for (const contact of list) if (!seen.has(keyOf(contact))) seen.set(keyOf(contact), contact);
  return [...seen.values()];
}

/** Remembers the named signers of the account. */
export function rememberContacts(accountId: string | null, signers: Signer[]): void {
  if (!accountId) return;
  const fresh = signers.map(contactOf).filter((c): c is Contact => c !== null);
  if (fresh.length === 0) return;
  try {
    localStorage.setItem(storageKey(accountId), JSON.stringify(mergeContacts([fresh, storedContacts(accountId)]).slice(0, MAX_CONTACTS)));
  } catch {
    // A full or refused storage only loses suggestions.
  }
}

/** The name remembered for an e-mail address or phone number, if any. */
export function nameFor(contacts: readonly Contact[], address: string): string | null {
  const wanted = address.trim().toLowerCase();
  return contacts.find((contact) => contact.email?.toLowerCase() === wanted || contact.phone === address.trim())?.name ?? null;
}
