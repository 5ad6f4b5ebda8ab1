/** The sandbox's own records of documents and signatures, and the codes of the service. */

export const documentStatuses = ['DR', 'PE', 'CO', 'CA'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** Signature codes: IN initial, PE opened (read), CO signed, CA cancelled, DE rejected. */
export const signatureStatuses = ['IN', 'PE', 'CO', 'CA', 'DE'] as const;
export type SignatureStatus = (typeof signatureStatuses)[number];

export const validationCodes = ['EM', 'PH', 'BI', 'AF'] as const;
export type ValidationCode = (typeof validationCodes)[number];

export const inviteChannels = ['EM', 'PH'] as const;
export type InviteChannel = (typeof inviteChannels)[number];

export interface ValidationState {
  value: string | null;
  validated: boolean;
}

export type ValidationMap = Partial<Record<ValidationCode, ValidationState>>;

export interface SignerKeyMaterial {
  keyPem: string;
  certPem: string;
}

export interface SignatureRecord {
  id: string;
  documentId: string;
  createdAt: number;
  status: SignatureStatus;
  inviteChannel: InviteChannel[];
  validations: ValidationMap;
  /** Custom text of the e-mail invitation (invalidation with `custom_signature.message`). */
  message: string | null;
  invalidationReason: string | null;
  invalidatedAt: number | null;
  /** The signature this one replaced, or the one that replaced it. */
  replaces: string | null;
  replacedBy: string | null;
  openedAt: number | null;
  signedAt: number | null;
  rejectedAt: number | null;
  ipAddress: string | null;
  infoDevice: string | null;
  signerName: string | null;
  lastReminderAt: number | null;
  /** Signer key and certificate, made the first time evidence needs them, then kept. */
  keys: SignerKeyMaterial | null;
}

export interface DocumentRecord {
  id: string;
  title: string;
  status: DocumentStatus;
  createdAt: number;
  completedAt: number | null;
  cancelledAt: number | null;
  cancelReason: string | null;
  fileName: string;
  /** SHA-256 hex of the original PDF. */
  fileHash: string;
  fileSize: number;
  signatureIds: string[];
}

/** A message the sandbox "sent" to a signer: invitations, reminders, notices of invalidation. */
export interface SignerMessage {
  kind: 'invitation' | 'reminder' | 'invalidation-notice';
  channel: InviteChannel | 'link';
  to: string | null;
  signatureId: string;
  documentId: string;
  at: string;
  text: string | null;
}

/** A webhook payload. The service's kinds are DS, SD and DC; others (TU…) may be emitted on request. */
export interface NotificationPayload {
  notification_action: string;
  notification_id: string;
  document_id?: string;
  signature_id?: string;
  new_status?: string;
  [extra: string]: unknown;
}

/** A notification to emit: the sender adds `notification_id` unless given. */
export interface NotificationInput {
  notification_action: string;
  notification_id?: string;
  document_id?: string;
  signature_id?: string;
  new_status?: string;
  [extra: string]: unknown;
}
