import { normalizeSigner, validateSigner, type Signer, type SignerProblem } from '../../../../shared';
import { inviteKey } from './signer-label';

/** How a phone or identity document is asked for: not at all, any, or a given value. */
export type AskMode = 'none' | 'any' | 'number';
/** How the signer is invited: by e-mail, SMS, both, or not at all (they get the signing link). */
export type InviteChoice = ReturnType<typeof inviteKey>;

/** A signer as the form holds it while the user types (strings, modes), before it becomes a Signer. */
export interface SignerDraft {
  key: string;
  /** What the clerk calls the signer; kept locally, never sent. */
  name: string;
  email: string;
  phoneMode: AskMode;
  phone: string;
  idMode: AskMode;
  idDocument: string;
  taxId: string;
  invite: InviteChoice;
}

/** Where a problem is shown in the form. */
export type DraftField = 'email' | 'phone' | 'idDocument' | 'taxId' | 'invite' | 'signer';

/** A problem of a draft: a shared SignerProblem (with its catalog code), or one of the form's own. */
export type DraftProblem =
  { field: DraftField; kind: 'signer'; problem: SignerProblem } | { field: 'phone' | 'idDocument'; kind: 'missing' };

let nextKey = 0;
const newKey = () => `signer-${++nextKey}`;

export function emptyDraft(): SignerDraft {
  return { key: newKey(), name: '', email: '', phoneMode: 'none', phone: '', idMode: 'none', idDocument: '', taxId: '', invite: 'EM' };
}

export function draftFromSigner(signer: Signer): SignerDraft {
  const { EM, PH, BI, AF } = signer.validations;
  return {
    key: newKey(),
    name: signer.name ?? '',
    email: EM ?? '',
    phoneMode: PH === undefined ? 'none' : PH === null ? 'any' : 'number',
    phone: PH ?? '',
    idMode: BI === undefined ? 'none' : BI === null ? 'any' : 'number',
    idDocument: BI ?? '',
    taxId: AF ?? '',
    invite: inviteKey(signer),
  };
}

/** The Signer the draft says (tidied with normalizeSigner); empty text means "not asked". */
export function signerFromDraft(draft: SignerDraft): Signer {
  const validations: Signer['validations'] = {};
  if (draft.email.trim() !== '') validations.EM = draft.email;
  if (draft.phoneMode === 'any') validations.PH = null;
  if (draft.phoneMode === 'number' && draft.phone.trim() !== '') validations.PH = draft.phone;
  if (draft.idMode === 'any') validations.BI = null;
  if (draft.idMode === 'number' && draft.idDocument.trim() !== '') validations.BI = draft.idDocument;
  if (draft.taxId.trim() !== '') validations.AF = draft.taxId;
  const invite: Signer['invite'] = draft.invite === 'none' ? [] : draft.invite === 'EM+PH' ? ['EM', 'PH'] : [draft.invite];
  return normalizeSigner({ validations, invite, ...(draft.name.trim() !== '' ? { name: draft.name } : {}) });
}

const fieldOf: Record<SignerProblem['field'], DraftField> = {
  EM: 'email',
  PH: 'phone',
  BI: 'idDocument',
  AF: 'taxId',
  invite: 'invite',
  signer: 'signer',
};

/** Everything wrong with a draft, as shared/domain/signers.ts judges it, plus "a number was chosen but not written". */
export function draftProblems(draft: SignerDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.phoneMode === 'number' && draft.phone.trim() === '') problems.push({ field: 'phone', kind: 'missing' });
  if (draft.idMode === 'number' && draft.idDocument.trim() === '') problems.push({ field: 'idDocument', kind: 'missing' });
  for (const problem of validateSigner(signerFromDraft(draft))) {
    const field = fieldOf[problem.field];
    // "needs a phone" when the number was chosen but not written says the same thing twice.
    if (problem.code === 'signer.smsInviteNeedsPhone' && problems.some((p) => p.kind === 'missing' && p.field === 'phone')) continue;
    problems.push({ field, kind: 'signer', problem });
  }
  return problems;
}

export const draftsValid = (drafts: SignerDraft[]): boolean =>
  drafts.length > 0 && drafts.every((draft) => draftProblems(draft).length === 0);
