import { useMemo } from 'react';
import { contactOf, mergeContacts, storedContacts, type Contact } from '../../lib/contacts';
import { useSendStore } from './send-store';

export { rememberContacts } from '../../lib/contacts';

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
    return mergeContacts([storedContacts(accountId), known]).sort((a, b) => a.name.localeCompare(b.name));
  }, [accountId, batch, presets]);
}

/** The contact a typed name picks, when exactly one has that name. */
export function contactNamed(contacts: Contact[], name: string): Contact | null {
  const wanted = name.trim().toLowerCase();
  const found = contacts.filter((contact) => contact.name.toLowerCase() === wanted);
  return found.length === 1 ? found[0]! : null;
}
