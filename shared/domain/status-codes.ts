/**
 * Status and validation codes of the e-signature service, as open sets: the known codes are typed
 * and labelled, and any other code the service sends is kept (and shown) as the code itself.
 */

/** A known code, or any other string the service may send. `string & {}` keeps editor completion. */
export type OpenCode<Known extends string> = Known | (string & {});

export const documentStatuses = ['DR', 'PE', 'CO', 'CA'] as const;
export type KnownDocumentStatus = (typeof documentStatuses)[number];
export type DocumentStatus = OpenCode<KnownDocumentStatus>;

/** `PE` means *read* on a signature (pending on a document); `CO` means *signed* (completed on a document). */
export const signatureStatuses = ['IN', 'PE', 'CO', 'CA', 'DE'] as const;
export type KnownSignatureStatus = (typeof signatureStatuses)[number];
export type SignatureStatus = OpenCode<KnownSignatureStatus>;

export const validationCodes = ['EM', 'PH', 'BI', 'AF'] as const;
export type KnownValidationCode = (typeof validationCodes)[number];

export const inviteChannels = ['EM', 'PH'] as const;
export type KnownInviteChannel = (typeof inviteChannels)[number];
export type InviteChannel = OpenCode<KnownInviteChannel>;

export const documentStatusLabels: Record<KnownDocumentStatus, string> = {
  DR: 'Draft',
  PE: 'Pending',
  CO: 'Completed',
  CA: 'Cancelled',
};

export const signatureStatusLabels: Record<KnownSignatureStatus, string> = {
  IN: 'Not opened',
  PE: 'Read',
  CO: 'Signed',
  CA: 'Cancelled',
  DE: 'Rejected',
};

export const validationLabels: Record<KnownValidationCode, string> = {
  EM: 'e-mail',
  PH: 'phone',
  BI: 'identity document (biometrics)',
  AF: 'tax ID',
};

export const inviteChannelLabels: Record<KnownInviteChannel, string> = {
  EM: 'e-mail',
  PH: 'SMS',
};

function isOneOf<T extends string>(list: readonly T[], code: string): code is T {
  return (list as readonly string[]).includes(code);
}

export const isKnownDocumentStatus = (code: string): code is KnownDocumentStatus => isOneOf(documentStatuses, code);
export const isKnownSignatureStatus = (code: string): code is KnownSignatureStatus => isOneOf(signatureStatuses, code);
export const isKnownValidationCode = (code: string): code is KnownValidationCode => isOneOf(validationCodes, code);
export const isKnownInviteChannel = (code: string): code is KnownInviteChannel => isOneOf(inviteChannels, code);

/** English label of a document status; an unknown code is shown as itself. */
export function documentStatusLabel(code: string): string {
  return isKnownDocumentStatus(code) ? documentStatusLabels[code] : code;
}

/** English label of a signature status; an unknown code is shown as itself. */
export function signatureStatusLabel(code: string): string {
  return isKnownSignatureStatus(code) ? signatureStatusLabels[code] : code;
}

/** English label of a validation code; an unknown code is shown as itself. */
export function validationLabel(code: string): string {
  return isKnownValidationCode(code) ? validationLabels[code] : code;
}

/**
 * Draft and pending documents can be cancelled; the service refuses a completed or cancelled one. A status
 * SignDock does not know is not cancellable: nothing is sent for it. The one rule for the Documents page's
 * buttons and the cancel plan of the core.
 */
export function canCancelDocument(status: string): boolean {
  return status === 'DR' || status === 'PE';
}

/** Completed and cancelled documents do not change any more. Unknown codes are not final. */
export function isFinalDocumentStatus(status: string): boolean {
  return status === 'CO' || status === 'CA';
}

/**
 * SignDock's own display state of a pending document a signer rejected: it can never complete until
 * that signer is replaced (or the document cancelled). Not a service code — the service's codes have no
 * `+` — and never sent to the service: the document's status stays `PE`; this is what it means.
 */
export const rejectedNeedsAction = 'PE+DE';

/** Display states in the order of the lifecycle: draft, pending, rejected — needs action, completed, cancelled. */
export const displayStatuses = ['DR', 'PE', rejectedNeedsAction, 'CO', 'CA'] as const;
export type KnownDisplayStatus = (typeof displayStatuses)[number];

export const isKnownDisplayStatus = (code: string): code is KnownDisplayStatus => isOneOf(displayStatuses, code);

/**
 * What a document's status means to a person: the service's code, except a pending document with a
 * rejected signature, which is `rejectedNeedsAction`. Used by every surface (tiles, filters, table,
 * panel, needs attention, exports) and by the mirror's counts.
 */
export function displayStatusOf(status: string, signatureStatuses: Iterable<string>): string {
  if (status !== 'PE') return status;
  for (const signature of signatureStatuses) if (signature === 'DE') return rejectedNeedsAction;
  return status;
}

/** The service's code behind a display state (`rejectedNeedsAction` is pending). */
export function serviceStatusOf(display: string): string {
  return display === rejectedNeedsAction ? 'PE' : display;
}

/** English words for a display state; an unknown code is shown as itself. */
export function displayStatusLabel(code: string): string {
  return code === rejectedNeedsAction ? 'Rejected — needs action' : documentStatusLabel(code);
}
