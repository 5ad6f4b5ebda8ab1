import { AppError, isAppError, storableError, type AppErrorShape } from '../../../shared/contract/errors';
import type { Document } from '../../../shared/domain/documents';
import { toNewSignature } from '../../../shared/domain/signers';
import type { Limiter } from '../api/limiter';
import type { ServiceClient } from '../api/service-client';
import type { ItemResult, JobContext, JobKind, Recovery } from '../jobs/job-runner';
import type { JobRow } from '../jobs/jobs-repo';
import type { Logger } from '../logging/logger';
import type { BatchItemStore, SendItem, SentOutcome } from './batch-item-store';
import type { BatchRepo } from './batch-repo';
import { pairUncertain, type Wanted } from './find-sent';
import { beingSent, claimOf, gaveUp, sentSignatures, verifyFile } from './send-row';
import type { ClaimRequest, InFlight, SentLedger } from './sent-ledger';

/**
 * The `send` kind: one batch row → one create, exactly once, with no idempotency key on the service.
 * The engine claims the row (state `sending`, attempt time written) before its request goes out; here:
 * 1. The file is hashed again; a file changed since its check fails ("file changed since it was checked").
 * 2. The create's outcome decides: a document → sent; a refusal the service certainly did not act on
 *    (429, a connection never made) → back to ready; 401/403 → the batch pauses; a refusal of the
 *    content (400) → failed; anything else (timeout, cut connection, 5xx, an unreadable answer) → uncertain.
 * 3. Before any uncertain row is sent again, the list is read once for all of them (`recoverAll`,
 *    find-sent.ts): found → sent (recovered); not found → ready, or failed after six tries.
 * Between 1 and 2 the row claims its file in the sent-file ledger (sent-ledger.ts): alone, that is the
 * row's own state; in a team, a claim in the team store. A file another computer sent is left out (a
 * draft, "Already sent … by … from …"); a store that cannot be reached pauses the batch: nothing is sent.
 */

export interface SendKindDeps {
  repo: BatchRepo;
  store: BatchItemStore;
  /** The sent-file ledger: this data folder's, or the team's. */
  ledger: SentLedger;
  client: (accountId: string) => Promise<ServiceClient>;
  limiter: (accountId: string) => Limiter;
  /** Puts a document read from the service into the mirror (read stamp taken before the request). */
  mirror: (accountId: string, document: Document, readAt: number) => void;
  stamp: () => number;
  logger?: Logger;
  /** The batch changed (its rows or its job's state); `following`: another process sends it. */
  changed: (batchId: string, following: boolean) => void;
  /** The batch is done or cancelled. */
  ended: (batchId: string) => Promise<void>;
  /** Whether a starting app takes this batch up by itself (the app's own batches; the CLI's resume with `send --resume`). */
  resumesAlone: (batchId: string) => boolean;
  /** In a team: a batch another computer started, written here from the team's copy before this computer carries it on. */
  adopt?: (job: JobRow) => Promise<void>;
}

/** Consecutive failures to reach the service after which the batch pauses itself (resumable). */
const maxUnreachable = 8;
/** Creates of one row whose outcome stayed unknown (and which the list showed were not made) before it fails. */
const maxAttempts = 6;

/** Per batch sent in this process: failures to reach the service in a row, and the back-off they set. */
interface Reach {
  unreachable: number;
  holdUntil: number;
}

export function sendKind(deps: SendKindDeps): JobKind<SendItem> {
  const reach = new Map<string, Reach>();
  const reachOf = (jobId: string): Reach => {
    let found = reach.get(jobId);
    if (!found) reach.set(jobId, (found = { unreachable: 0, holdUntil: 0 }));
    return found;
  };
  const shapeOf = (error: unknown, ctx: JobContext): AppErrorShape => {
    if (!isAppError(error)) ctx.log('error', 'an unexpected error while sending', { error: String(error) });
    return storableError(error, 'Something went wrong while sending. The details are in the log.');
  };
  /** Backs off after a failure to reach the service; past the limit, the batch pauses with the reason. */
  const unreachable = (ctx: JobContext, error: AppErrorShape): ItemResult | null => {
    const state = reachOf(ctx.job.id);
    state.unreachable += 1;
    const limiter = deps.limiter(ctx.job.accountId);
    state.holdUntil = Math.max(state.holdUntil, limiter.clock.now() + Math.min(60_000, 500 * 2 ** state.unreachable));
    if (state.unreachable < maxUnreachable) return null;
    reach.delete(ctx.job.id);
    return { state: 'stop', error };
  };
  const mirror = (accountId: string, document: Document, readAt: number) => {
    try {
      deps.mirror(accountId, document, readAt);
    } catch (error) {
      deps.logger?.log('error', 'batch: a sent document could not be put in the mirror', { error: String(error) });
    }
  };
  /** The claim follows the create's outcome: kept while it may have been made, let go when it certainly was not. */
  const settleClaim = async (claim: ClaimRequest | null, result: ItemResult, document?: Document): Promise<ItemResult> => {
    if (!claim || result.state === 'retry') return result;
    if (document) await deps.ledger.settle(claim, { state: 'sent', documentId: document.id, status: document.status ?? null });
    else await deps.ledger.settle(claim, result.state === 'uncertain' ? { state: 'uncertain' } : { state: 'released' });
    return result;
  };
  /**
   * Another computer claimed this file and died before its create answered (the claim is stale): the list
   * is read as for this computer's own uncertain creates; the document found settles the claim as sent,
   * none found lets it go. Either way the row claims again: it is then left out as sent by that computer,
   * or it takes the claim and sends.
   */
  const resolveStale = async (
    item: SendItem,
    held: InFlight,
    stale: NonNullable<InFlight['stale']>,
    client: ServiceClient,
    ctx: JobContext,
  ): Promise<ItemResult> => {
    const accountId = ctx.job.accountId;
    const since = Date.parse(held.since);
    const readAt = deps.stamp();
    const documents = await listSince(client, since, ctx.signal).catch(() => null);
    if (!documents) return { state: 'retry', afterMs: 5_000, error: beingSent(item.row, held) };
    const wanted = { title: held.title, signers: stale.signers, sha256: item.row.sha256, attemptAt: since };
    const document = pairUncertain(documents, [wanted], deps.repo.sentDocumentIds(accountId)).get(0);
    if (document) mirror(accountId, document, readAt);
    await deps.ledger.resolve(
      stale,
      document ? { state: 'sent', documentId: document.id, status: document.status ?? null } : { state: 'released' },
    );
    ctx.log('info', 'a claim left by a computer that stopped mid-create was settled', {
      computer: held.computer,
      found: document ? document.id : null,
    });
    return { state: 'retry', afterMs: 0 };
  };
  const sent = (item: SendItem, document: Document, recovered: boolean): ItemResult => {
    const outcome: SentOutcome = { documentId: document.id, signatures: sentSignatures(document, item.row.signers), recovered };
    return { state: 'done', outcome: { ...outcome }, bytes: item.row.size ?? 0 };
  };

  const failure = (item: SendItem, error: unknown, ctx: JobContext): ItemResult => {
    const shape = shapeOf(error, ctx);
    const kind = isAppError(error) ? error.kind : 'Internal';
    ctx.log('warn', 'a create did not succeed', { itemId: item.row.id, kind, code: shape.code });
    if (kind === 'RateLimited') {
      // Refused before it was handled: certainly not created.
      const limiter = deps.limiter(ctx.job.accountId);
      const retryAfter = typeof shape.params?.retryAfterSeconds === 'number' ? shape.params.retryAfterSeconds * 1000 : null;
      if (retryAfter === null) limiter.pause(limiter.backoffDelay(item.attempts) + 250);
      return { state: 'again', error: shape };
    }
    // The connection was never made (the client turns failures after sending into Ambiguous).
    if (kind === 'Network') return unreachable(ctx, shape) ?? { state: 'again', error: shape };
    if (kind === 'Unauthorized') {
      const refused = new AppError({
        kind: 'Unauthorized',
        code: 'batch.stoppedKeyRefused',
        message: 'Sending stopped: the service no longer accepts this account’s API key. Check the key in Settings, then resume.',
      }).toShape();
      return { state: 'stop', error: refused };
    }
    if (kind === 'InvalidInput' || kind === 'NotFound' || kind === 'Conflict') return { state: 'failed', error: shape };
    // Ambiguous, ServerError, Internal: it may have been created.
    reachOf(ctx.job.id).unreachable = 0;
    return { state: 'uncertain', error: shape };
  };

  /**
   * Documents of the list that may have been created since `since` (ms). Pages are read in the
   * service's order; when a whole page is older than the window and the list is newest first, the
   * rest is older still and is not read.
   */
  const listSince = async (client: ServiceClient, since: number, signal: AbortSignal): Promise<Document[]> => {
    const cutoff = since - 60 * 60 * 1000;
    const all: Document[] = [];
    for await (const page of client.listDocuments(signal.aborted ? {} : { signal })) {
      all.push(...page.documents);
      const times = page.documents.map((document) => (document.createdAt ? Date.parse(document.createdAt) : Number.NaN));
      const newestFirst = times.every((time, index) => index === 0 || !(time > times[index - 1]!));
      if (times.length > 0 && newestFirst && times.every((time) => Number.isFinite(time) && time < cutoff)) break;
    }
    return all;
  };

  return {
    kind: 'send',
    store: deps.store,

    async beforeClaim(ctx) {
      const limiter = deps.limiter(ctx.job.accountId);
      const wait = Math.max(reachOf(ctx.job.id).holdUntil, limiter.state().pausedUntil) - limiter.clock.now();
      if (wait > 0) await limiter.clock.sleep(wait, ctx.interrupted).catch(() => undefined);
    },

    async run(item, ctx) {
      const { row } = item;
      const fileError = await verifyFile(row);
      if (fileError) return { state: 'failed', error: fileError };
      let client: ServiceClient;
      try {
        client = await deps.client(ctx.job.accountId);
      } catch (error) {
        return { state: 'stop', error: shapeOf(error, ctx) };
      }
      const claim = claimOf(ctx.job.accountId, row);
      if (claim) {
        try {
          const answer = await deps.ledger.claim(claim, ctx.interrupted);
          if ('sent' in answer && answer.own)
            return {
              state: 'done',
              outcome: { documentId: answer.sent.documentId, signatures: [], recovered: true },
              bytes: row.size ?? 0,
            };
          if ('sent' in answer) return { state: 'skipped', outcome: { sentBefore: answer.sent.documentId, ...byWhom(answer.sent) } };
          if ('inFlight' in answer)
            return answer.inFlight.stale
              ? await resolveStale(item, answer.inFlight, answer.inFlight.stale, client, ctx)
              : { state: 'retry', afterMs: 5_000, error: beingSent(row, answer.inFlight) };
        } catch (error) {
          return { state: 'stop', error: shapeOf(error, ctx) };
        }
      }
      const readAt = deps.stamp();
      try {
        const document = await client.createDocument({ title: row.title, filePath: row.path, signatures: row.signers.map(toNewSignature) });
        reachOf(ctx.job.id).unreachable = 0;
        mirror(ctx.job.accountId, document, readAt);
        return settleClaim(claim, sent(item, document, false), document);
      } catch (error) {
        return settleClaim(claim, failure(item, error, ctx));
      }
    },

    /** Looks for every uncertain row's document in one read of the list; only those not found are sent again. */
    async recoverAll(items, ctx, once): Promise<Recovery> {
      const { accountId } = ctx.job;
      const readAt = deps.stamp();
      let documents: Document[];
      try {
        const client = await deps.client(accountId);
        documents = await listSince(client, Math.min(...items.map((item) => item.row.attemptAt ?? 0)), ctx.signal);
      } catch (error) {
        const shape = shapeOf(error, ctx);
        if (once) return { state: 'retry', afterMs: 0 };
        if (isAppError(error) && error.kind === 'Unauthorized') return { state: 'stop', error: shape };
        const stop = unreachable(ctx, shape);
        if (stop?.state === 'stop') return stop;
        const limiter = deps.limiter(accountId);
        return { state: 'retry', afterMs: Math.max(0, reachOf(ctx.job.id).holdUntil - limiter.clock.now()) };
      }
      reachOf(ctx.job.id).unreachable = 0;
      const wanted: Wanted[] = items.map(({ row }) => ({
        title: row.title,
        signers: row.signers,
        sha256: row.sha256,
        attemptAt: row.attemptAt ?? 0,
      }));
      const found = pairUncertain(documents, wanted, deps.repo.sentDocumentIds(accountId));
      const results: Map<number, Exclude<ItemResult, { state: 'retry' } | { state: 'stop' }> | 'run-again'> = new Map();
      for (const [index, item] of items.entries()) {
        const document = found.get(index);
        if (document) {
          mirror(accountId, document, readAt);
          results.set(
            item.seq,
            (await settleClaim(claimOf(accountId, item.row), sent(item, document, true), document)) as { state: 'done' },
          );
        } else if (item.attempts >= maxAttempts) {
          const failed = { state: 'failed' as const, error: gaveUp(item.row) };
          results.set(item.seq, (await settleClaim(claimOf(accountId, item.row), failed)) as typeof failed);
        } else results.set(item.seq, 'run-again');
      }
      ctx.log('info', 'uncertain rows looked up', { uncertain: items.length, found: found.size });
      return { results };
    },

    /** As the journal has always recorded a send: the document (or the file), the batch, file, title and signers. */
    journal(job, item, state, detail) {
      const { row } = item;
      const documentId = typeof detail.documentId === 'string' ? detail.documentId : undefined;
      const outcome =
        state === 'done'
          ? { state: 'sent', documentId, ...(detail.recovered === true ? { recovered: true } : {}) }
          : state === 'skipped'
            ? { state: 'left out', reason: 'already sent', ...detail }
            : { state: 'failed', ...(typeof detail.error === 'string' ? { error: detail.error } : {}) };
      return {
        subject: documentId ?? row.path,
        inputs: { batch: job.id, file: row.fileName, title: row.title, signers: row.signers },
        outcome,
      };
    },

    // A batch another computer runs is read from the team's copy of its items (no row here).
    label: (item) => (item.row as SendItem['row'] | undefined)?.fileName ?? String(item.input.fileName ?? item.subject),
    changed: (jobId, following) => deps.changed(jobId, following),
    ended: (job) => {
      reach.delete(job.id);
      return deps.ended(job.id);
    },
    resumesAlone: (job) => deps.resumesAlone(job.id),
    ...(deps.adopt ? { shared: true, adopt: deps.adopt } : {}),
  };
}

/** Who sent a file before, when the ledger knows (a team's). */
function byWhom(sent: { member?: string; computer?: string }): Record<string, string> {
  return { ...(sent.member ? { member: sent.member } : {}), ...(sent.computer ? { computer: sent.computer } : {}) };
}
