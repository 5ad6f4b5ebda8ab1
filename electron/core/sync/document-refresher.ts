/** What reading one document from the service and applying it to the mirror came to. */
export type RefreshOutcome = 'changed' | 'unchanged' | 'not-found';

/**
 * Reads a document from the service and reconciles it into the mirror. The webhook worker depends on
 * this interface only; the sync module implements it.
 */
export interface DocumentRefresher {
  refresh(accountId: string, documentId: string): Promise<RefreshOutcome>;
}
