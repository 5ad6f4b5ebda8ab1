import type { DocumentSelection } from '../../../../shared';
import type { ListedDocument } from './use-documents-query';

/*
 * Where actions on documents go (cancel, invalidate, remind, replace a signer: the job engine's
 * actions, not part of this page yet). Each slot renders nothing for now; an action adds its buttons
 * here, and the page already gives them what they act on.
 */

/** Buttons for the rows selected in the table (`selection` as the host takes it, `count` rows). */
export function SelectionActions(_props: { selection: DocumentSelection; count: number }) {
  return null;
}

/** Buttons for the document open in the side panel. */
export function DocumentActions(_props: { document: Pick<ListedDocument, 'id' | 'status' | 'signatures'> }) {
  return null;
}
