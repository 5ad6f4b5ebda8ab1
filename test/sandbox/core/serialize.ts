import { isoTime } from './clock';
import type { DocumentStore } from './store';
import type { DocumentRecord, SignatureRecord } from './types';

/** Wire shapes: records turned into the JSON the service answers. */

export interface WireValidation {
  value: string | null;
  validated: boolean;
}

export interface WireSignature {
  id: string;
  created_date: string;
  status: string;
  url: string;
  invite_channel: string[];
  validations: Record<string, WireValidation>;
  invalidation_reason: string | null;
}

export interface WireSignatureDetail extends WireSignature {
  document_id: string;
  signed_date: string | null;
  ip_address: string | null;
  info_device: string | null;
}

export interface WireDocument {
  id: string;
  title: string;
  status: string;
  creation_date: string;
  cancel_reason: string | null;
  file_name: string;
  file_hash: string;
  archived: boolean;
  tiny_url: string | null;
  settings: Record<string, unknown>;
  signatures: WireSignature[];
}

export function signingUrl(baseUrl: string, signatureId: string): string {
  return `${baseUrl}/sign/${signatureId}`;
}

export function wireSignature(signature: SignatureRecord, baseUrl: string): WireSignature {
  const validations: Record<string, WireValidation> = {};
  for (const [code, state] of Object.entries(signature.validations)) {
    validations[code] = { value: state.value, validated: state.validated };
  }
  return {
    id: signature.id,
    created_date: isoTime(signature.createdAt),
    status: signature.status,
    url: signingUrl(baseUrl, signature.id),
    invite_channel: [...signature.inviteChannel],
    validations,
    invalidation_reason: signature.invalidationReason,
  };
}

export function wireSignatureDetail(signature: SignatureRecord, baseUrl: string): WireSignatureDetail {
  return {
    ...wireSignature(signature, baseUrl),
    document_id: signature.documentId,
    signed_date: signature.signedAt === null ? null : isoTime(signature.signedAt),
    ip_address: signature.ipAddress,
    info_device: signature.infoDevice,
  };
}

export function wireDocument(document: DocumentRecord, store: DocumentStore, baseUrl: string): WireDocument {
  return {
    id: document.id,
    title: document.title,
    status: document.status,
    creation_date: isoTime(document.createdAt),
    cancel_reason: document.cancelReason,
    file_name: document.fileName,
    file_hash: document.fileHash,
    archived: false,
    tiny_url: null,
    settings: {},
    signatures: store.signaturesOf(document).map((signature) => wireSignature(signature, baseUrl)),
  };
}
