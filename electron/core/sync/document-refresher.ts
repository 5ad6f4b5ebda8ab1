/** What reading one document from the service and applying it to the mirror came to. */
export type RefreshOutcome = 'changed' | 'unchanged' | 'not-found';

/**
 * Reads a document from the service and reconciles it into the mirror. The webhook worker depends on
 * this interface only; the sync module implements it.
 */
export interface DocumentRefresher {
  /** `background`: a scheduled re-read, which lets the account's other requests (a batch being sent) go first. */
  refresh(accountId: string, documentId: string, options?: { background?: boolean }): Promise<RefreshOutcome>;
}
