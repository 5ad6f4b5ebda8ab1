/*
 * What the actions borrow from the Send page (the only file here that imports another feature): its
 * signer editor and the draft behind it, for the replacement signer of Invalidate / Replace.
 */
export { draftProblems, emptyDraft, signerFromDraft, type SignerDraft } from '../send/signer-draft';
export { SignerFields } from '../send/signer-fields';
