import { createHash } from 'node:crypto';
import type { DocumentRecord, SignatureRecord, SignerMessage } from './types';

/** Everything the sandbox keeps about an account, as plain data that can be saved to a file. */
export interface StoreSnapshot {
  version: 1;
  keys: string[];
  documents: DocumentRecord[];
  signatures: SignatureRecord[];
  messages: SignerMessage[];
}

/** In-memory records of documents, signatures, their PDFs and the messages sent to signers.
 * It holds data and answers lookups; the rules of the service live in `workflow.ts`. */
export class DocumentStore {
  readonly documents = new Map<string, DocumentRecord>();
  readonly signatures = new Map<string, SignatureRecord>();
  /** Original PDFs by SHA-256 hex. */
  readonly files = new Map<string, Buffer>();
  messages: SignerMessage[] = [];

  addFile(bytes: Buffer): string {
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (!this.files.has(hash)) this.files.set(hash, bytes);
    return hash;
  }

  fileOf(document: DocumentRecord): Buffer {
    const bytes = this.files.get(document.fileHash);
    if (!bytes) throw new Error(`The PDF of document ${document.id} is missing`);
    return bytes;
  }

  addDocument(document: DocumentRecord, signatures: SignatureRecord[]): void {
    this.documents.set(document.id, document);
    for (const signature of signatures) this.signatures.set(signature.id, signature);
  }

  addSignature(signature: SignatureRecord, where: 'first' | 'last' = 'last'): void {
    this.signatures.set(signature.id, signature);
    const ids = this.documents.get(signature.documentId)?.signatureIds;
    if (where === 'first') ids?.unshift(signature.id);
    else ids?.push(signature.id);
  }

  signaturesOf(document: DocumentRecord): SignatureRecord[] {
    return document.signatureIds.flatMap((id) => {
      const signature = this.signatures.get(id);
      return signature ? [signature] : [];
    });
  }

  /** Newest first, as a DRF list ordered by `-creation_date`; ties keep id order. */
  listDocuments(): DocumentRecord[] {
    return [...this.documents.values()].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  }

  clear(): void {
    this.documents.clear();
    this.signatures.clear();
    this.files.clear();
    this.messages = [];
  }

  snapshot(keys: string[]): StoreSnapshot {
    return {
      version: 1,
      keys,
      documents: [...this.documents.values()],
      signatures: [...this.signatures.values()],
      messages: this.messages,
    };
  }

  restore(snapshot: StoreSnapshot, files: Map<string, Buffer>): void {
    this.clear();
    for (const [hash, bytes] of files) this.files.set(hash, bytes);
    for (const document of snapshot.documents) this.documents.set(document.id, { ...document, signatureIds: [...document.signatureIds] });
    for (const signature of snapshot.signatures) this.signatures.set(signature.id, { ...signature });
    this.messages = [...snapshot.messages];
  }
}
