import { AppError } from '../../../shared/contract/errors';
import { shownId } from '../../../shared/domain/service-ids';
import { isOpenSignatureStatus, type Document, type Invalidation, type Signature } from '../../../shared/domain/documents';
import { canCancelDocument } from '../../../shared/domain/status-codes';
import type { JobView } from '../../../shared/domain/jobs';
import type { JobEngine } from '../jobs/job-engine';

/** A document or signature the plan leaves out, with why (said before anything is sent). */
export interface Skipped {
  id: string;
  documentId: string;
  title: string;
  /** The signer left out (reminders). */
  signer?: string;
  reason:
    | 'completed'
    | 'alreadyCancelled'
    | 'notCancellable'
    | 'notInMirror'
    | 'signed'
    | 'rejected'
    | 'cancelled'
    | 'replaced'
    | 'noChannel'
    | 'documentNotPending';
}

export interface ActionsDeps {
  engine: JobEngine;
  account: () => string;
  /** A document of the mirror, or undefined. */
  document: (accountId: string, documentId: string) => Document | undefined;
  /** Every pending document of the mirror (for "replace everywhere"). */
  pending: (accountId: string) => Document[];
  /** The id of the mirror's document holding this signature, or null. */
  documentOfSignature: (accountId: string, signatureId: string) => string | null;
  /** A document read now from the service (and put into the mirror). */
  readDocument: (accountId: string, documentId: string) => Promise<Document>;
}

const openSignature = (signature: Signature) => isOpenSignatureStatus(signature.status);

/**
 * The document actions as jobs: each is planned from the mirror first (what will be done, what is
 * skipped and why, before any request), then written as a job of the engine (cancel, remind, invalidate).
 */
export class ActionsService {
  constructor(private readonly deps: ActionsDeps) {}

  planCancel(documentIds: readonly string[]): { documents: { documentId: string; title: string; status: string }[]; skipped: Skipped[] } {
    const accountId = this.deps.account();
    const documents: { documentId: string; title: string; status: string }[] = [];
    const skipped: Skipped[] = [];
    for (const id of new Set(documentIds)) {
      const document = this.deps.document(accountId, id);
      if (document?.status === 'CO') skipped.push({ id, documentId: id, title: document.title, reason: 'completed' });
      else if (document?.status === 'CA') skipped.push({ id, documentId: id, title: document.title, reason: 'alreadyCancelled' });
      else if (!document) skipped.push({ id, documentId: id, title: id, reason: 'notInMirror' });
      // Only drafts and pending documents can be cancelled; a status SignDock does not know is left out.
      else if (!canCancelDocument(document.status)) skipped.push({ id, documentId: id, title: document.title, reason: 'notCancellable' });
      else documents.push({ documentId: id, title: document.title, status: document.status });
    }
    return { documents, skipped };
  }

  cancel(documentIds: readonly string[], reason: string): JobView {
    const plan = this.planCancel(documentIds);
    return this.deps.engine.create({
      kind: 'cancel',
      accountId: this.deps.account(),
      input: { reason, titles: Object.fromEntries([...plan.documents, ...plan.skipped].map((d) => [d.documentId, d.title])) },
      items: [
        ...plan.documents.map((d) => ({ subject: d.documentId })),
        // Already cancelled is what was asked: done (as a re-run after a crash finds it), not skipped.
        ...plan.skipped.map((s) =>
          s.reason === 'alreadyCancelled'
            ? { subject: s.documentId, state: 'done' as const, outcome: { status: 'CA', already: true } }
            : { subject: s.documentId, state: 'skipped' as const, outcome: { reason: s.reason } },
        ),
      ],
    });
  }

  /** Signers who can be reminded: not signed, rejected or cancelled, with an invitation channel, in a pending document. */
  planRemind(selection: { documentIds?: readonly string[]; signatureIds?: readonly string[] }): {
    signatures: { signatureId: string; documentId: string; title: string; signer: string }[];
    skipped: Skipped[];
  } {
    const accountId = this.deps.account();
    const wanted = selection.signatureIds ? new Set(selection.signatureIds) : null;
    const signatures: { signatureId: string; documentId: string; title: string; signer: string }[] = [];
    const skipped: Skipped[] = [];
    const documents: Document[] = [];
    for (const id of new Set(selection.documentIds ?? [])) {
      const document = this.deps.document(accountId, id);
      if (document) documents.push(document);
      else skipped.push({ id, documentId: id, title: id, reason: 'notInMirror' });
    }
    const found = new Set(documents.flatMap((document) => document.signatures.map((signature) => signature.id)));
    for (const id of wanted ?? []) if (!found.has(id)) skipped.push({ id, documentId: '', title: id, reason: 'notInMirror' });
    for (const document of documents) {
      for (const signature of document.signatures) {
        if (wanted && !wanted.has(signature.id)) continue;
        const reason: Skipped['reason'] | null =
          document.status !== 'PE'
            ? 'documentNotPending'
            : signature.status === 'CO'
              ? 'signed'
              : signature.status === 'DE'
                ? 'rejected'
                : signature.status === 'CA' && signature.invalidationReason
                  ? 'replaced'
                  : !openSignature(signature)
                    ? 'cancelled'
                    : signature.inviteChannel.length === 0
                      ? 'noChannel'
                      : null;
        if (reason)
          skipped.push({
            id: signature.id,
            documentId: document.id,
            title: document.title,
            signer: signature.localName || signature.displayName || signature.id.slice(0, 8),
            reason,
          });
        else
          signatures.push({
            signatureId: signature.id,
            documentId: document.id,
            title: document.title,
            signer: signature.localName || signature.displayName || signature.id.slice(0, 8),
          });
      }
    }
    return { signatures, skipped };
  }

  remind(selection: { documentIds?: readonly string[]; signatureIds?: readonly string[] }): JobView {
    const plan = this.planRemind(selection);
    return this.deps.engine.create({
      kind: 'remind',
      accountId: this.deps.account(),
      input: { titles: Object.fromEntries(plan.signatures.map((s) => [s.signatureId, `${s.signer} · ${s.title}`])) },
      items: plan.signatures.map((s) => ({ subject: s.signatureId, input: { documentId: s.documentId } })),
    });
  }

  /**
   * One signature invalidated (irreversible), optionally replaced. The signature must belong to the
   * document named: its document is the mirror's (or, when the mirror does not know the signature, the
   * named document read now from the service); any other document is refused before a job exists.
   */
  async invalidate(signatureId: string, documentId: string, invalidation: Invalidation): Promise<JobView> {
    const accountId = this.deps.account();
    const document = await this.documentOf(accountId, signatureId, documentId);
    return this.deps.engine.create({
      kind: 'invalidate',
      accountId,
      input: { reason: invalidation.reason, titles: { [signatureId]: document.title } },
      items: [
        {
          subject: signatureId,
          input: { documentId: document.id, invalidation, previousSignatureIds: document.signatures.map((s) => s.id) },
        },
      ],
    });
  }

  private async documentOf(accountId: string, signatureId: string, documentId: string): Promise<Document> {
    const refuse = (words: string, field: string) =>
      new AppError({
        kind: 'InvalidInput',
        code: 'invalidInput',
        params: { signatureId, documentId },
        fields: { documentId: [field] },
        message: `Not invalidated: ${words} Nothing was sent.`,
      });
    const ownerId = this.deps.documentOfSignature(accountId, signatureId);
    const owner = ownerId === null ? undefined : this.deps.document(accountId, ownerId);
    if (owner && owner.id !== documentId) {
      throw refuse(
        `the signature ${shownId(signatureId)} belongs to the document “${owner.title}” (${owner.id}), not to ${shownId(documentId)}.`,
        `The signature belongs to the document ${owner.id}.`,
      );
    }
    if (owner) return owner;
    const read = await this.deps.readDocument(accountId, documentId);
    if (!read.signatures.some((signature) => signature.id === signatureId)) {
      throw refuse(
        `the document “${read.title}” (${read.id}) has no signature ${shownId(signatureId)}.`,
        'The signature is not one of this document’s.',
      );
    }
    return read;
  }

  /** Where `from` (an e-mail or phone) still has to sign, in the selection or every pending document. */
  planReplace(from: string, documentIds?: readonly string[]): { signatureId: string; documentId: string; title: string }[] {
    const accountId = this.deps.account();
    const wanted = from.trim().toLowerCase();
    const documents = documentIds
      ? documentIds.map((id) => this.deps.document(accountId, id)).filter((d): d is Document => d?.status === 'PE')
      : this.deps.pending(accountId);
    return documents.flatMap((document) =>
      document.signatures
        .filter(
          (signature) =>
            openSignature(signature) &&
            Object.values(signature.validations).some((v) => typeof v.value === 'string' && v.value.toLowerCase() === wanted),
        )
        .map((signature) => ({ signatureId: signature.id, documentId: document.id, title: document.title })),
    );
  }

  replace(input: { from: string; to: string; reason: string; notify: boolean; documentIds?: readonly string[] }): JobView {
    const accountId = this.deps.account();
    const found = this.planReplace(input.from, input.documentIds);
    return this.deps.engine.create({
      kind: 'invalidate',
      accountId,
      input: {
        reason: input.reason,
        from: input.from,
        to: input.to,
        titles: Object.fromEntries(found.map((f) => [f.signatureId, f.title])),
      },
      items: found.map((f) => ({
        subject: f.signatureId,
        input: {
          documentId: f.documentId,
          invalidation: { reason: input.reason, notify: input.notify, newSigner: input.to },
          previousSignatureIds: this.deps.document(accountId, f.documentId)?.signatures.map((s) => s.id) ?? [],
        },
      })),
    });
  }
}
