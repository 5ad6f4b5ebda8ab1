import type { Signer } from '../../../../shared';

/** Who a signer is, in a few words: the e-mail, else the phone, else the document, else the tax ID. */
export function signerWho(signer: Signer, words: { anyPhone: string; anyDocument: string }): string {
  const { EM, PH, BI, AF } = signer.validations;
  if (EM) return EM;
  if (PH) return PH;
  if (BI) return BI;
  if (AF) return AF;
  if (PH === null) return words.anyPhone;
  if (BI === null) return words.anyDocument;
  return '—';
}

/** How the signer is invited, as a key of `send.signer.summaryInvite`. */
export function inviteKey(signer: Signer): 'EM' | 'PH' | 'EM+PH' | 'none' {
  const em = signer.invite.includes('EM');
  const ph = signer.invite.includes('PH');
  return em && ph ? 'EM+PH' : em ? 'EM' : ph ? 'PH' : 'none';
}
