import type { SandboxClock } from './clock';
import { isoTime } from './clock';
import { uuidv4, uuidv7 } from './ids';
import type { Prng } from './prng';
import { signerDefaults } from './signer-defaults';
import type { DocumentStore } from './store';
import type { SandboxVariant } from './variant';
import type {
  DocumentRecord,
  DocumentStatus,
  InviteChannel,
  NotificationInput,
  SignatureRecord,
  SignerMessage,
  ValidationCode,
  ValidationMap,
} from './types';

export interface NewSignature {
  validations: Partial<Record<ValidationCode, string | null>>;
  inviteChannel: InviteChannel[];
  message?: string | null;
}

export interface NewDocument {
  title: string;
  file: Buffer;
  fileName?: string;
  signatures: NewSignature[];
}

export interface Invalidation {
  reason: string;
  notify: boolean;
  newSigner?: string;
  custom?: { validations?: Partial<Record<ValidationCode, string | null>>; message?: string; inviteChannel?: InviteChannel[] };
}

/** What a signer does in the control API: who they are, where they sign from. */
export interface SignerAct {
  name?: string;
  ip?: string;
  device?: string;
  phone?: string;
}

/** A refused move: `kind` maps to the HTTP status the caller answers. */
export interface Refusal {
  ok: false;
  kind: 'not-found' | 'invalid' | 'conflict' | 'too-soon';
  detail: string;
  retryAfterSeconds?: number;
}
export type Outcome<T> = { ok: true; value: T } | Refusal;

export interface WorkflowHooks {
  /** A notification for the webhook (the id is added by the sender). */
  notify(payload: NotificationInput): void;
  /** A signature was created and its signer invited (auto-sign listens). */
  invited(signature: SignatureRecord): void;
  /** Any record changed (persistence listens). */
  changed(): void;
}

export const REMINDER_INTERVAL_MS = 2 * 60 * 60 * 1000;

function refuse(kind: Refusal['kind'], detail: string, retryAfterSeconds?: number): Refusal {
  return retryAfterSeconds === undefined ? { ok: false, kind, detail } : { ok: false, kind, detail, retryAfterSeconds };
}

function fileNameFor(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 80);
  return `${base || 'document'}.pdf`;
}

/** The service's rules: creation, cancellation, invalidation, and what signers do (section 3). */
export class Workflow {
  /** When set, moves happen at this time instead of the clock's (demo data uses it). */
  private at: number | null = null;
  /** When true, no notifications or invitations are emitted (demo data loading). */
  private quiet = false;

  constructor(
    private readonly store: DocumentStore,
    private readonly clock: SandboxClock,
    private readonly prng: Prng,
    private readonly hooks: WorkflowHooks,
    private readonly variant: SandboxVariant = 'default',
  ) {}

  /** UUID v7, or v4 in the `alt` variant (service-api.md §2.1: "string, UUID"). */
  private newId(): string {
    return this.variant === 'alt' ? uuidv4() : uuidv7(this.now());
  }

  private now(): number {
    return this.at ?? this.clock.now();
  }

  /** Runs `action` as if at `time`, without notifications: for building past states. */
  replay<T>(time: number, action: () => T): T {
    const before = { at: this.at, quiet: this.quiet };
    this.at = time;
    this.quiet = true;
    try {
      return action();
    } finally {
      this.at = before.at;
      this.quiet = before.quiet;
    }
  }

  private emit(payload: NotificationInput): void {
    if (!this.quiet) this.hooks.notify(payload);
  }

  private message(signature: SignatureRecord, kind: SignerMessage['kind'], text: string | null): void {
    const channels: (InviteChannel | 'link')[] = signature.inviteChannel.length > 0 ? signature.inviteChannel : ['link'];
    for (const channel of channels) {
      if (channel === 'link' && kind !== 'invitation') continue;
      const to = channel === 'link' ? null : (signature.validations[channel]?.value ?? null);
      this.store.messages.push({
        kind,
        channel,
        to,
        signatureId: signature.id,
        documentId: signature.documentId,
        at: isoTime(this.now()),
        text,
      });
    }
  }

  private newSignature(documentId: string, input: NewSignature): SignatureRecord {
    const validations: ValidationMap = {};
    for (const [code, value] of Object.entries(input.validations) as [ValidationCode, string | null][]) {
      validations[code] = { value, validated: false };
    }
    return {
      id: this.newId(),
      documentId,
      createdAt: this.now(),
      status: 'IN',
      inviteChannel: [...input.inviteChannel],
      validations,
      message: input.message ?? null,
      invalidationReason: null,
      invalidatedAt: null,
      replaces: null,
      replacedBy: null,
      openedAt: null,
      signedAt: null,
      rejectedAt: null,
      ipAddress: null,
      infoDevice: null,
      signerName: null,
      lastReminderAt: null,
      keys: null,
    };
  }

  create(input: NewDocument, status: Extract<DocumentStatus, 'DR' | 'PE'> = 'PE'): DocumentRecord {
    const fileHash = this.store.addFile(input.file);
    const document: DocumentRecord = {
      id: this.newId(),
      title: input.title,
      status,
      createdAt: this.now(),
      completedAt: null,
      cancelledAt: null,
      cancelReason: null,
      fileName: input.fileName ?? fileNameFor(input.title),
      fileHash,
      fileSize: input.file.length,
      signatureIds: [],
    };
    const signatures = input.signatures.map((entry) => this.newSignature(document.id, entry));
    document.signatureIds = signatures.map((signature) => signature.id);
    this.store.addDocument(document, signatures);
    if (status === 'PE') for (const signature of signatures) this.invite(signature);
    this.hooks.changed();
    return document;
  }

  private invite(signature: SignatureRecord): void {
    this.message(signature, 'invitation', signature.message);
    if (!this.quiet) this.hooks.invited(signature);
  }

  /** Section 3: DR or PE → CA; pending signatures (IN, PE) → CA; DC with new_status CA. */
  cancel(documentId: string, reason: string | null): Outcome<DocumentRecord> {
    const document = this.store.documents.get(documentId);
    if (!document) return refuse('not-found', 'Not found.');
    if (document.status !== 'DR' && document.status !== 'PE') {
      // service-api.md §7: "Error body shape … not shown": the `alt` variant words it otherwise.
      return refuse(
        'conflict',
        this.variant === 'alt'
          ? `Document already ${document.status === 'CA' ? 'cancelled' : 'completed'}`
          : `The document cannot be cancelled in status ${document.status}.`,
      );
    }
    document.status = 'CA';
    document.cancelReason = reason;
    document.cancelledAt = this.now();
    for (const signature of this.store.signaturesOf(document)) {
      if (signature.status === 'IN' || signature.status === 'PE') signature.status = 'CA';
    }
    this.emit({ document_id: document.id, new_status: 'CA', notification_action: 'DC' });
    this.hooks.changed();
    return { ok: true, value: document };
  }

  /** Section 3 and 4.5: the signature → CA with its reason; optionally a replacement in IN. */
  invalidate(signatureId: string, input: Invalidation): Outcome<{ signature: SignatureRecord; replacement: SignatureRecord | null }> {
    const signature = this.store.signatures.get(signatureId);
    const document = signature ? this.store.documents.get(signature.documentId) : undefined;
    if (!signature || !document) return refuse('not-found', 'Not found.');
    if (document.status !== 'DR' && document.status !== 'PE') {
      return refuse('invalid', `Signatures of a document in status ${document.status} cannot be invalidated.`);
    }
    if (signature.status === 'CA') return refuse('invalid', 'The signature is already cancelled.');

    signature.status = 'CA';
    signature.invalidationReason = input.reason;
    signature.invalidatedAt = this.now();
    if (input.notify) {
      const channel: InviteChannel | null = signature.inviteChannel[0] ?? (signature.validations.EM?.value ? 'EM' : null);
      const to = channel ? (signature.validations[channel]?.value ?? null) : null;
      this.store.messages.push({
        kind: 'invalidation-notice',
        channel: channel ?? 'link',
        to,
        signatureId: signature.id,
        documentId: document.id,
        at: isoTime(this.now()),
        text: input.reason,
      });
    }

    let replacement: SignatureRecord | null = null;
    if (input.newSigner !== undefined || input.custom !== undefined) {
      replacement = this.newSignature(document.id, this.replacementOf(signature, input));
      replacement.replaces = signature.id;
      signature.replacedBy = replacement.id;
      // service-api.md §4.5 does not say where the new signature goes: last, or first in the `alt` variant.
      this.store.addSignature(replacement, this.variant === 'alt' ? 'first' : 'last');
      if (document.status === 'PE') this.invite(replacement);
    }
    this.hooks.changed();
    return { ok: true, value: { signature, replacement } };
  }

  private replacementOf(original: SignatureRecord, input: Invalidation): NewSignature {
    const originalValues: Partial<Record<ValidationCode, string | null>> = {};
    for (const [code, state] of Object.entries(original.validations) as [ValidationCode, { value: string | null }][]) {
      originalValues[code] = state.value;
    }
    const validations = { ...(input.custom?.validations ?? (input.newSigner === undefined ? originalValues : {})) };
    let channel: InviteChannel[] = input.custom?.inviteChannel ?? (input.newSigner === undefined ? original.inviteChannel : []);
    if (input.newSigner !== undefined) {
      const code: InviteChannel = input.newSigner.includes('@') ? 'EM' : 'PH';
      validations[code] = input.newSigner;
      if (input.custom?.inviteChannel === undefined) channel = [code];
    }
    return { validations, inviteChannel: channel, message: input.custom?.message ?? null };
  }

  private signerMove(
    signatureId: string,
    allowed: SignatureRecord['status'][],
  ): Outcome<{ signature: SignatureRecord; document: DocumentRecord }> {
    const signature = this.store.signatures.get(signatureId);
    const document = signature ? this.store.documents.get(signature.documentId) : undefined;
    if (!signature || !document) return refuse('not-found', 'Not found.');
    if (document.status !== 'PE') return refuse('conflict', `The document is in status ${document.status}, not PE.`);
    if (!allowed.includes(signature.status)) return refuse('conflict', `The signature is in status ${signature.status}.`);
    return { ok: true, value: { signature, document } };
  }

  private stampSigner(signature: SignatureRecord, act: SignerAct): void {
    const defaults = signerDefaults(this.prng);
    signature.ipAddress = act.ip ?? signature.ipAddress ?? defaults.ipAddress;
    signature.infoDevice = act.device ?? signature.infoDevice ?? defaults.infoDevice;
    if (act.name !== undefined) signature.signerName = act.name;
  }

  /** IN → PE: the signer opened the link; an e-mail invitation link verifies the address. */
  open(signatureId: string, act: SignerAct = {}): Outcome<SignatureRecord> {
    const found = this.signerMove(signatureId, ['IN', 'PE']);
    if (!found.ok) return found;
    const { signature } = found.value;
    if (signature.status === 'IN') {
      signature.status = 'PE';
      signature.openedAt = this.now();
      const email = signature.validations.EM;
      if (email && signature.inviteChannel.includes('EM')) email.validated = true;
      this.stampSigner(signature, act);
      this.hooks.changed();
    }
    return { ok: true, value: signature };
  }

  /** IN or PE → CO; DS; and when every live signature is signed, the document → CO with DC. */
  sign(signatureId: string, act: SignerAct = {}): Outcome<SignatureRecord> {
    const found = this.signerMove(signatureId, ['IN', 'PE']);
    if (!found.ok) return found;
    const { signature, document } = found.value;
    this.stampSigner(signature, act);
    signature.openedAt ??= this.now();
    signature.signedAt = this.now();
    signature.status = 'CO';
    for (const [code, state] of Object.entries(signature.validations)) {
      if (code === 'PH' && state.value === null) state.value = act.phone ?? signerDefaults(this.prng).phone;
      state.validated = true;
    }
    this.emit({ document_id: document.id, signature_id: signature.id, notification_action: 'DS' });
    const live = this.store.signaturesOf(document).filter((entry) => entry.status !== 'CA');
    if (live.every((entry) => entry.status === 'CO')) {
      document.status = 'CO';
      document.completedAt = this.now();
      this.emit({ document_id: document.id, new_status: 'CO', notification_action: 'DC' });
    }
    this.hooks.changed();
    return { ok: true, value: signature };
  }

  /** IN or PE → DE; SD. The document stays PE (a rejected signature blocks completion). */
  reject(signatureId: string, act: SignerAct = {}): Outcome<SignatureRecord> {
    const found = this.signerMove(signatureId, ['IN', 'PE']);
    if (!found.ok) return found;
    const { signature, document } = found.value;
    this.stampSigner(signature, act);
    signature.openedAt ??= this.now();
    signature.rejectedAt = this.now();
    signature.status = 'DE';
    this.emit({ document_id: document.id, signature_id: signature.id, notification_action: 'SD' });
    this.hooks.changed();
    return { ok: true, value: signature };
  }

  /** Reminder on the original channel: 400 draft/final/no channel, 429 within 2 hours. */
  resend(signatureId: string): Outcome<SignatureRecord> {
    const signature = this.store.signatures.get(signatureId);
    const document = signature ? this.store.documents.get(signature.documentId) : undefined;
    if (!signature || !document) return refuse('not-found', 'Not found.');
    if (document.status === 'DR') return refuse('invalid', 'The document is a draft.');
    if (signature.status !== 'IN' && signature.status !== 'PE') {
      return refuse('invalid', `A signature in status ${signature.status} cannot be reminded.`);
    }
    if (signature.inviteChannel.length === 0) return refuse('invalid', 'The signature has no invitation channel.');
    const now = this.now();
    if (signature.lastReminderAt !== null && now - signature.lastReminderAt < REMINDER_INTERVAL_MS) {
      const wait = Math.ceil((signature.lastReminderAt + REMINDER_INTERVAL_MS - now) / 1000);
      // service-notes.md "Beyond the interface document" gives no Retry-After nor wording: the `alt` variant has neither.
      if (this.variant === 'alt') return refuse('too-soon', 'Reminder limit reached for this signer');
      return refuse('too-soon', 'A reminder was sent less than 2 hours ago.', wait);
    }
    signature.lastReminderAt = now;
    this.message(signature, 'reminder', signature.message);
    this.hooks.changed();
    return { ok: true, value: signature };
  }
}
