import { useState } from 'react';
import type { Signer } from '../../../../shared';
import { draftFromSigner, draftsValid, emptyDraft, signerFromDraft, type SignerDraft } from './signer-draft';

/**
 * The signers being edited (a row's editor, the "Who signs" dialog): the drafts, starting from
 * `initial` (or one empty signer), and `take()`, which gives the signers to save, or null after
 * asking to show every problem when one is not valid yet.
 */
export function useSignerDrafts(initial: Signer[]) {
  const [drafts, setDrafts] = useState<SignerDraft[]>(() => (initial.length > 0 ? initial.map(draftFromSigner) : [emptyDraft()]));
  const [showAll, setShowAll] = useState(false);
  const valid = draftsValid(drafts);

  const take = (): Signer[] | null => {
    if (!valid) {
      setShowAll(true);
      return null;
    }
    return drafts.map(signerFromDraft);
  };

  /** Save was tried with problems left: say so under the signers. */
  const fixFirst = showAll && !valid;
  return { drafts, setDrafts, showAll, fixFirst, take };
}
