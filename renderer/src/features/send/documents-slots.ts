import { useNavigationStore } from '../../stores/navigation-store';
import { useDocumentsStore } from '../documents/documents-store';

/** Where Send leads into the Documents page (the only file here that imports another feature). */

/** Shows Documents for the account filtered by this batch. */
export function openBatchInDocuments(accountId: string, batchId: string): void {
  useDocumentsStore.getState().showFiltered(accountId, { batchId });
  useNavigationStore.getState().go('documents');
}
