import { useMemo } from 'react';
import { useClient } from '../../lib/client-context';
import { contactOf, mergeContacts, useStoredContacts, type Contact } from '../../lib/contacts';
import { useSendStore } from './send-store';

export { refreshContacts } from '../../lib/contacts';

/**
 * The account's address book for suggestions as the clerk types a name: names the host remembers
 * for the account, in the saved presets and on the rows of the batch.
 */
export function useContacts(): Contact[] {
  const client = useClient();
  const accountId = useSendStore((store) => store.accountId);
  const batch = useSendStore((store) => store.batch);
  const presets = useSendStore((store) => store.presets);
  const stored = useStoredContacts(client, accountId);
  return useMemo(() => {
    const fromRows = (batch?.items ?? []).flatMap((item) => item.signers.map(contactOf));
    const fromPresets = (presets ?? []).flatMap((preset) => preset.signers.map(contactOf));
    const known = [...fromRows, ...fromPresets].filter((c): c is Contact => c !== null);
    return mergeContacts([stored, known]).sort((a, b) => a.name.localeCompare(b.name));
  }, [stored, batch, presets]);
}

/** The contact a typed name picks, when exactly one has that name. */
export function contactNamed(contacts: Contact[], name: string): Contact | null {
  const wanted = name.trim().toLowerCase();
  const found = contacts.filter((contact) => contact.name.toLowerCase() === wanted);
  return found.length === 1 ? found[0]! : null;
}
