import type { Dispatcher } from 'undici';
import { AppError } from '../../../shared/contract/errors';
import {
  evidenceKinds,
  type Document,
  type DocumentPage,
  type DownloadedFile,
  type EvidenceKind,
  type Invalidation,
  type InvalidationResult,
  type NewDocument,
  type Signature,
} from '../../../shared/domain/documents';
import { CANCEL_REASON_MAX, tooLong } from '../../../shared/domain/action-bounds';
import { maxPdfBytes } from '../../../shared/domain/pdf-limits';
import { serviceIdProblem } from '../../../shared/domain/service-ids';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redact';
import { streamToFile } from './download-file';
import { defaultTimeouts, type HttpTimeouts } from './http';
import type { Limiter } from './limiter';
import { jsonBody } from './outgoing-body';
import { parseDocument, parseDocumentPage, parseInvalidation, parseSignature, type Parsed, type ParsedPage } from './parse-document';
import { BodyTooLargeError, discard, readText } from './read-body';
import type { Operation } from './retry-policy';
import { unreadableError } from './service-errors';
import { Transport, type Answer, type Call } from './transport';
import { createDocumentBody } from './upload-body';
import type { WireCancelRequest, WireInvalidateRequest } from './wire-types';

export interface ServiceClientOptions {
  /** e.g. `https://connect.signatura.co`; the `/api/v2/...` paths are added to it. */
  baseUrl: string;
  apiKey: string;
  /** undici dispatcher; its connect timeout applies (see `createHttpDispatcher`). */
  dispatcher: Dispatcher;
  /** The account's limiter, shared by every client and operation of that account. */
  limiter: Limiter;
  redactor: Redactor;
  logger?: Logger;
  /** Headers and body timeouts per request (connect: the dispatcher's). */
  timeouts?: Partial<HttpTimeouts>;
  /** Attempts per call where retries are allowed (default 5). */
  maxAttempts?: number;
  /** Retry-After waits longer than this fail at once as RateLimited (default 60 s). */
  maxRetryWaitMs?: number;
  /** Documents per page asked of the list endpoint (default 100); null to ask without parameters. */
  pageSize?: number | null;
  maxPdfBytes?: number;
  userAgent?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** A background read (the mirror's schedule): the account's other requests go first for a while. */
  background?: boolean;
}

const jsonLimit = 256 * 1024 * 1024;

/** The e-signature service's REST API: every answer parsed once into domain types, every failure an AppError. */
export class ServiceClient {
  private readonly transport: Transport;
  private readonly baseUrl: string;
  private readonly origin: string;
  private readonly pageSize: number | null;
  private readonly maxPdfBytes: number;

  constructor(options: ServiceClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
    this.pageSize = options.pageSize === undefined ? 100 : options.pageSize;
    this.maxPdfBytes = options.maxPdfBytes ?? maxPdfBytes;
    this.transport = new Transport({
      baseUrl: this.baseUrl,
      apiKey: options.apiKey,
      dispatcher: options.dispatcher,
      limiter: options.limiter,
      redactor: options.redactor,
      logger: options.logger,
      timeouts: { ...defaultTimeouts, ...options.timeouts },
      maxAttempts: options.maxAttempts ?? 5,
      maxRetryWaitMs: options.maxRetryWaitMs ?? 60_000,
      userAgent: options.userAgent ?? 'SignDock',
    });
  }

  /** Every document, page by page, following `next` until there is none. */
  async *listDocuments(options: CallOptions = {}): AsyncGenerator<DocumentPage> {
    let url: string | null = this.url('/api/v2/documents') + (this.pageSize ? `?limit=${this.pageSize}` : '');
    const seen = new Set<string>();
    for (let pageNumber = 1; url !== null; pageNumber += 1) {
      seen.add(url);
      const page: ParsedPage = await this.json({ operation: 'list', method: 'GET', url, signal: options.signal }, parseDocumentPage);
      yield { documents: page.documents, count: page.count, pageNumber };
      url = page.next === null ? null : this.followNext(page.next, seen);
    }
  }

  /**
   * Checks the key the way the interface says to (`GET /api/v2/documents`), with the retries of every
   * read: 429, 5xx and connection resets are tried again (each wait told to `onRetry`). Answers the status.
   */
  async checkKey(onRetry?: (waitMs: number, throttled: boolean) => void, options: CallOptions = {}): Promise<number> {
    const url = this.url('/api/v2/documents') + '?limit=1';
    return this.transport.send(
      { operation: 'list', method: 'GET', url, signal: options.signal, ...(onRetry ? { onRetry } : {}) },
      async (answer) => {
        await answer.body.dump({ limit: 1024 * 1024 });
        return answer.status;
      },
    );
  }

  async listAll(options: CallOptions = {}): Promise<Document[]> {
    const all: Document[] = [];
    for await (const page of this.listDocuments(options)) all.push(...page.documents);
    return all;
  }

  async getDocument(id: string, options: CallOptions = {}): Promise<Document> {
    return this.json(
      { operation: 'get', method: 'GET', url: this.url(`/api/v2/documents/${segment(id)}`), subjectId: id, ...options },
      parseDocument,
    );
  }

  /** Streams the PDF as base64 inside the JSON body. Never retried here: see retry-policy.ts. */
  async createDocument(input: NewDocument, options: CallOptions = {}): Promise<Document> {
    const body = await createDocumentBody(input, this.maxPdfBytes);
    return this.json({ operation: 'create', method: 'POST', url: this.url('/api/v2/documents/create'), body, ...options }, parseDocument);
  }

  async cancelDocument(id: string, reason?: string, options: CallOptions = {}): Promise<Document> {
    const tooLongReason = reason === undefined ? null : tooLong(reason, CANCEL_REASON_MAX);
    if (tooLongReason) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'invalidInput',
        fields: { cancel_reason: [tooLongReason] },
        message: `The cancellation reason is too long: the service accepts at most ${CANCEL_REASON_MAX} characters.`,
      });
    }
    const wire: WireCancelRequest = reason === undefined ? {} : { cancel_reason: reason };
    const url = this.url(`/api/v2/documents/${segment(id)}/cancel`);
    return this.json({ operation: 'cancel', method: 'PATCH', url, body: jsonBody(wire), subjectId: id, ...options }, parseDocument);
  }

  /**
   * Invalidates one signature (irreversible), optionally inviting a replacement. The service rarely
   * says which signature replaced it: re-read the document to find it.
   */
  async invalidateSignature(id: string, input: Invalidation, options: CallOptions = {}): Promise<InvalidationResult> {
    const wire: WireInvalidateRequest = { invalidation_reason: input.reason, notify: input.notify };
    if (input.newSigner !== undefined) wire.new_signer = input.newSigner;
    if (input.customSignature) {
      const { validations, message, inviteChannel } = input.customSignature;
      wire.custom_signature = {
        ...(validations ? { validations: { ...validations } } : {}),
        ...(message !== undefined ? { message } : {}),
        ...(inviteChannel ? { invite_channel: [...inviteChannel] } : {}),
      };
    }
    const url = this.url(`/api/v2/signatures/${segment(id)}/invalidate`);
    return this.json({ operation: 'invalidate', method: 'PATCH', url, body: jsonBody(wire), subjectId: id, ...options }, parseInvalidation);
  }

  async getSignature(id: string, options: CallOptions = {}): Promise<Signature> {
    return this.json(
      { operation: 'signature', method: 'GET', url: this.url(`/api/v2/signatures/${segment(id)}`), subjectId: id, ...options },
      parseSignature,
    );
  }

  /** Sends a reminder on the signer's original channel. */
  async resendInvitation(id: string, options: CallOptions = {}): Promise<void> {
    const url = this.url(`/api/v2/signatures/${segment(id)}/resend-invitation`);
    await this.transport.send({ operation: 'resend', method: 'POST', url, subjectId: id, ...options }, (answer) => discard(answer.body));
  }

  /** Streams an evidence file to `destPath` (temporary file, SHA-256 while streaming, fsync, rename). */
  async downloadEvidence(id: string, kind: EvidenceKind, destPath: string, options: CallOptions = {}): Promise<DownloadedFile> {
    if (!evidenceKinds.includes(kind)) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'invalidInput',
        fields: { kind: [`Unknown file kind "${String(kind)}".`] },
        message: `Unknown evidence file kind "${String(kind)}".`,
      });
    }
    const url = this.url(`/api/v2/documents/${segment(id)}/download/${kind}`);
    const call: Call = { operation: 'download', method: 'GET', url, accept: '*/*', subjectId: id, evidenceKind: kind, ...options };
    return this.transport.send(call, (answer) => streamToFile(answer.body, destPath));
  }

  private json<T>(call: Call, parse: (json: unknown) => Parsed<T>): Promise<T> {
    return this.transport.send(call, async (answer) => {
      const parsed = parse(await readJson(answer, call.operation, this.host()));
      if (!parsed.ok) throw unreadableError({ operation: call.operation, host: this.host() }, parsed.problem);
      return parsed.value;
    });
  }

  /** The next page's URL on our own origin: the key is never sent to another server. */
  private followNext(next: string, seen: Set<string>): string {
    const unreadable = (problem: string) => unreadableError({ operation: 'list', host: this.host() }, problem);
    let target: URL;
    try {
      target = new URL(next, this.baseUrl);
    } catch {
      throw unreadable('the link to the next page is not an address');
    }
    if (target.hostname !== new URL(this.baseUrl).hostname) throw unreadable(`the next page is on another server (${target.hostname})`);
    const url = `${this.origin}${target.pathname}${target.search}`;
    if (seen.has(url)) throw unreadable('the next page is one already read');
    return url;
  }

  private url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  private host(): string {
    return new URL(this.baseUrl).host;
  }
}

async function readJson(answer: Answer, operation: Operation, host: string): Promise<unknown> {
  let text: string;
  try {
    text = await readText(answer.body, jsonLimit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw unreadableError({ operation, host }, 'the answer is too large');
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw unreadableError({ operation, host }, 'not JSON');
  }
}

/**
 * One path segment made of an id, defensively: an id the contract would refuse (empty, dots only, a
 * separator, `%`, a blank or a control; shared/domain/service-ids.ts) is refused here too, before any
 * request, and everything but letters, digits, `-` and `_` is percent-encoded (`.` and `~` included),
 * so no id can become a dot segment, a separator or a query once the URL is parsed.
 */
export function segment(id: string): string {
  const problem = serviceIdProblem(id);
  if (problem) {
    throw new AppError({
      kind: 'InvalidInput',
      code: 'invalidInput',
      fields: { id: [problem] },
      message: `Not sent: ${lowerFirst(problem)}`,
    });
  }
  return [...new TextEncoder().encode(id)]
    .map((byte) =>
      /[A-Za-z0-9_-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const lowerFirst = (text: string) => (text.startsWith('“') ? text : text.charAt(0).toLowerCase() + text.slice(1));
