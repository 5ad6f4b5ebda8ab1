import { useMemo } from 'react';
import type { Signer } from '../../../../shared';
import { useSendStore } from './send-store';

/** A signer the clerk named once: the name and how the signer was identified. */
export interface Contact {
  name: string;
  email?: string;
  phone?: string;
}

const storageKey = (accountId: string) => `signdock.contacts.${accountId}`;
const MAX_CONTACTS = 500;

function stored(accountId: string | null): Contact[] {
  if (!accountId) return [];
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((c): c is Contact => typeof c === 'object' && c !== null && typeof (c as Contact).name === 'string') : [];
  } catch {
    return [];
  }
}

const contactOf = (signer: Signer): Contact | null => {
  if (!signer.name) return null;
  const { EM, PH } = signer.validations;
  return { name: signer.name, ...(EM ? { email: EM } : {}), ...(PH ? { phone: PH } : {}) };
};

const keyOf = (contact: Contact) => `${contact.name.toLowerCase()}|${contact.email ?? ''}|${contact.phone ?? ''}`;

function merge(lists: Contact[][]): Contact[] {
  const seen = new Map<string, Contact>();
  for (const list of lists) for (const contact of list) if (!seen.has(keyOf(contact))) seen.set(keyOf(contact), contact);
  return [...seen.values()];
}

/** Remembers the named signers of the account (this computer only: the service never gets names). */
export function rememberContacts(accountId: string | null, signers: Signer[]): void {
  if (!accountId) return;
  const fresh = signers.map(contactOf).filter((c): c is Contact => c !== null);
  if (fresh.length === 0) return;
  try {
    localStorage.setItem(storageKey(accountId), JSON.stringify(merge([fresh, stored(accountId)]).slice(0, MAX_CONTACTS)));
  } catch {
    // A full or refused storage only loses suggestions.
  }
}

/**
 * The account's address book for suggestions as the clerk types a name: names remembered on this
 * computer, in the saved presets and on the rows of the batch.
 */
export function useContacts(): Contact[] {
  const accountId = useSendStore((store) => store.accountId);
  const batch = useSendStore((store) => store.batch);
  const presets = useSendStore((store) => store.presets);
  return useMemo(() => {
    const fromRows = (batch?.items ?? []).flatMap((item) => item.signers.map(contactOf));
    const fromPresets = (presets ?? []).flatMap((preset) => preset.signers.map(contactOf));
    const known = [...fromRows, ...fromPresets].filter((c): c is Contact => c !== null);
    return merge([stored(accountId), known]).sort((a, b) => a.name.localeCompare(b.name));
  }, [accountId, batch, presets]);
}

/** The contact a typed name picks, when exactly one has that name. */
export function contactNamed(contacts: Contact[], name: string): Contact | null {
  const wanted = name.trim().toLowerCase();
  const found = contacts.filter((contact) => contact.name.toLowerCase() === wanted);
  return found.length === 1 ? found[0]! : null;
}
