import { createHash, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { DocumentStore } from '../core/store';
import type { DocumentRecord, SignatureRecord, SignerKeyMaterial } from '../core/types';
import { signerDisplayName } from '../core/signer-defaults';
import { certificatePdf } from './certificate-pdf';
import { detachedSignature } from './cms';
import { evidenceModel } from './evidence-model';
import type { SignatureFile } from './package-zip';
import { packageZip } from './package-zip';
import type { SandboxCa } from './sandbox-ca';
import { issueSignerCertificate, loadSandboxCa } from './sandbox-ca';
import { signedPdf } from './signed-pdf';

const generateRsa = promisify(generateKeyPair);

export interface EvidenceFiles {
  zipfile: Buffer;
  certificate: Buffer;
  signed: Buffer;
  signedSha256: string;
}

/** Makes the three evidence files of a completed document on first request and keeps them, so
 * repeated downloads give the same bytes. Signer keys and certificates are made once and kept on
 * the signature records (and so in the state file): regenerating after a restart gives the same
 * files again. */
export class EvidenceService {
  private readonly cache = new Map<string, Promise<EvidenceFiles>>();
  private ca: SandboxCa | null = null;

  constructor(
    private readonly store: DocumentStore,
    private readonly changed: () => void,
  ) {}

  private authority(): SandboxCa {
    this.ca ??= loadSandboxCa();
    return this.ca;
  }

  files(document: DocumentRecord): Promise<EvidenceFiles> {
    let files = this.cache.get(document.id);
    if (!files) {
      files = this.build(document);
      this.cache.set(document.id, files);
      files.catch(() => this.cache.delete(document.id));
    }
    return files;
  }

  private async keysFor(signature: SignatureRecord): Promise<SignerKeyMaterial> {
    if (signature.keys) return signature.keys;
    const { publicKey, privateKey } = await generateRsa('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const cert = issueSignerCertificate(this.authority(), publicKey, {
      serialHex: `01${signature.id.replace(/-/g, '')}`,
      name: signerDisplayName(signature),
      email: signature.validations.EM?.value ?? null,
      signatureId: signature.id,
      signedAt: new Date(signature.signedAt ?? signature.createdAt),
    });
    signature.keys = { keyPem: privateKey, certPem: forge.pki.certificateToPem(cert) };
    this.changed();
    return signature.keys;
  }

  private async build(document: DocumentRecord): Promise<EvidenceFiles> {
    const signatures = this.store.signaturesOf(document);
    const original = this.store.fileOf(document);
    const evidence = evidenceModel(document, signatures);
    const ca = this.authority();

    const signatureFiles: SignatureFile[] = [];
    for (const [position, signature] of signatures.entries()) {
      if (signature.status !== 'CO') continue;
      const keys = await this.keysFor(signature);
      const cert = forge.pki.certificateFromPem(keys.certPem);
      const p7s = detachedSignature(original, {
        cert,
        keyPem: keys.keyPem,
        chain: [ca.cert],
        signingTime: new Date(signature.signedAt ?? document.completedAt ?? document.createdAt),
      });
      signatureFiles.push({ signerIndex: position + 1, signatureId: signature.id, p7s, certPem: keys.certPem });
    }

    const signed = await signedPdf(original, evidence, ca);
    const signedSha256 = createHash('sha256').update(signed).digest('hex');
    const certificate = await certificatePdf(evidence, signedSha256);
    const zipfile = await packageZip({ evidence, original, signed, signatureFiles, caCertPem: ca.certPem });
    return { zipfile, certificate, signed, signedSha256 };
  }

  clear(): void {
    this.cache.clear();
  }
}
