import { useNavigationStore } from '../../stores/navigation-store';
import { useDocumentsStore } from '../documents/documents-store';

/*
 * Where Activity leads into the Documents page (the only file here that imports another feature):
 * a feed line opens its document in the panel, a status figure opens the list with that filter.
 */

/** Shows Documents for the account with this document open in its side panel. */
export function openDocument(accountId: string, documentId: string, title: string): void {
  useDocumentsStore.getState().showDocument(accountId, documentId, title);
  useNavigationStore.getState().go('documents');
}

/** Shows Documents for the account filtered by one display status (`null`: all). */
export function openDocumentsWithStatus(accountId: string, status: string | null): void {
  useDocumentsStore.getState().showFiltered(accountId, { status });
  useNavigationStore.getState().go('documents');
}
