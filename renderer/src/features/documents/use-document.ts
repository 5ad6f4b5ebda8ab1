import { useEffect } from 'react';
import { useClient } from '../../lib/client-context';
import { useLiveQuery } from '../../lib/use-live-query';

/** One document of the mirror with its signatures, re-read when `documents.changed` names it. */
export function useDocument(accountId: string, documentId: string) {
  const client = useClient();
  const query = useLiveQuery(`document|${accountId}|${documentId}`, () => client.call('documents.get', { documentId }));
  const { reload } = query;
  useEffect(
    () =>
      client.subscribe('documents.changed', (change) => {
        if (change.accountId === accountId && change.documentIds.includes(documentId)) reload();
      }),
    [client, reload, accountId, documentId],
  );
  return query;
}
