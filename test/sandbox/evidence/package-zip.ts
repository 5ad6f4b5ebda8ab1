import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import type { EvidenceDocument } from './evidence-model';

export interface SignatureFile {
  signerIndex: number;
  signatureId: string;
  /** Detached CMS over the original PDF (DER). */
  p7s: Buffer;
  certPem: string;
}

export interface PackageInput {
  evidence: EvidenceDocument;
  original: Buffer;
  signed: Buffer;
  signatureFiles: SignatureFile[];
  caCertPem: string;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The ZIP package: the original PDF, the signed PDF, a detached signature and certificate per
 * signer, metadata per signer (IP, device, date and time), the CA certificate, and the SHA-256 of
 * every file in `hashes.json` and `SHA256SUMS`. Entries are dated with the completion time so the
 * same document always gives the same bytes. */
export async function packageZip(input: PackageInput): Promise<Buffer> {
  const { evidence } = input;
  const files = new Map<string, Buffer>();
  files.set('original.pdf', input.original);
  files.set('signed.pdf', input.signed);
  for (const file of input.signatureFiles) {
    files.set(`signatures/signer-${file.signerIndex}.p7s`, file.p7s);
    files.set(`signatures/signer-${file.signerIndex}.cert.pem`, Buffer.from(file.certPem));
  }
  for (const signer of evidence.signers) {
    const signature = input.signatureFiles.find((file) => file.signerIndex === signer.index);
    const metadata = {
      document_id: evidence.id,
      signature_id: signer.id,
      status: signer.status,
      signer: { name: signer.name, email: signer.email, phone: signer.phone },
      validations: signer.validations,
      opened_date: signer.openedAt?.toISOString() ?? null,
      signed_date: signer.signedAt?.toISOString() ?? null,
      ip_address: signer.ipAddress,
      info_device: signer.infoDevice,
      invalidation_reason: signer.invalidationReason,
      signature_file: signature ? `signatures/signer-${signer.index}.p7s` : null,
      signed_content: signature ? 'original.pdf' : null,
    };
    files.set(`metadata/signer-${signer.index}.json`, Buffer.from(`${JSON.stringify(metadata, null, 2)}\n`));
  }
  files.set('ca/sandbox-ca.pem', Buffer.from(input.caCertPem));

  const entries = [...files.entries()].map(([path, bytes]) => ({ path, sha256: sha256(bytes), size: bytes.length }));
  const hashes = {
    algorithm: 'SHA-256',
    document_id: evidence.id,
    title: evidence.title,
    completed_date: evidence.completedAt.toISOString(),
    original_sha256: sha256(input.original),
    signed_sha256: sha256(input.signed),
    files: entries,
  };
  files.set('hashes.json', Buffer.from(`${JSON.stringify(hashes, null, 2)}\n`));
  files.set('SHA256SUMS', Buffer.from(entries.map((entry) => `${entry.sha256}  ${entry.path}\n`).join('')));

  const zip = new JSZip();
  for (const [path, bytes] of files) {
    zip.file(path, bytes, { date: evidence.completedAt, createFolders: false, binary: true });
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 }, platform: 'UNIX' });
}
