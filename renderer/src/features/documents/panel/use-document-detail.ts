import { useClient } from '../../../lib/client-context';
import { useLiveQuery } from '../../../lib/use-live-query';
import { useRefreshOnChange } from '../use-documents-query';

/** One document of the mirror with its origin and timeline, re-read when `documents.changed` names it. */
export function useDocumentDetail(accountId: string, documentId: string) {
  const client = useClient();
  const query = useLiveQuery(`document|${accountId}|${documentId}`, () => client.call('documents.detail', { documentId }));
  useRefreshOnChange(accountId, query.reload, 300, documentId);
  return query;
}

/** A signature as the service gives it now (signing date, IP address, device). Read once per panel. */
export function useLiveSignature(signatureId: string, wanted: boolean) {
  const client = useClient();
  return useLiveQuery(`signature|${signatureId}|${wanted}`, () =>
    wanted ? client.call('documents.signature', { signatureId }) : Promise.resolve(null),
  );
}
