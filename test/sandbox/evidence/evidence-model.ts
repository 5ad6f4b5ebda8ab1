import { signerDisplayName } from '../core/signer-defaults';
import type { DocumentRecord, SignatureRecord, ValidationCode } from '../core/types';

/** What the evidence files say about a document and its signers, read once from the records. */
export interface EvidenceSigner {
  /** 1-based position in the document. */
  index: number;
  id: string;
  status: string;
  name: string;
  email: string | null;
  phone: string | null;
  validations: { code: ValidationCode; value: string | null; validated: boolean }[];
  openedAt: Date | null;
  signedAt: Date | null;
  ipAddress: string | null;
  infoDevice: string | null;
  invalidationReason: string | null;
}

export interface EvidenceDocument {
  id: string;
  title: string;
  fileName: string;
  createdAt: Date;
  completedAt: Date;
  originalSha256: string;
  signers: EvidenceSigner[];
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

export function evidenceModel(document: DocumentRecord, signatures: SignatureRecord[]): EvidenceDocument {
  return {
    id: document.id,
    title: document.title,
    fileName: document.fileName,
    createdAt: new Date(document.createdAt),
    completedAt: new Date(document.completedAt ?? document.createdAt),
    originalSha256: document.fileHash,
    signers: signatures.map((signature, position) => ({
      index: position + 1,
      id: signature.id,
      status: signature.status,
      name: signerDisplayName(signature),
      email: signature.validations.EM?.value ?? null,
      phone: signature.validations.PH?.value ?? null,
      validations: (Object.entries(signature.validations) as [ValidationCode, { value: string | null; validated: boolean }][]).map(
        ([code, state]) => ({ code, value: state.value, validated: state.validated }),
      ),
      openedAt: date(signature.openedAt),
      signedAt: date(signature.signedAt),
      ipAddress: signature.ipAddress,
      infoDevice: signature.infoDevice,
      invalidationReason: signature.invalidationReason,
    })),
  };
}

export const statusNames: Record<string, string> = {
  IN: 'not opened',
  PE: 'opened, not signed',
  CO: 'signed',
  CA: 'cancelled',
  DE: 'rejected',
};

export const validationNames: Record<string, string> = {
  EM: 'e-mail',
  PH: 'phone (SMS code)',
  BI: 'biometrics',
  AF: 'tax id',
};
