import { isAppError } from '../../../shared/contract/errors';
import type { Invalidation } from '../../../shared/domain/documents';
import type { JobItem } from '../jobs/job-items-repo';
import type { ItemResult, JobContext, JobKind } from '../jobs/job-runner';
import { retryAfterMs, type ActionDeps } from './action-deps';

/** Each item: `subject` the signature, `input` `{documentId, invalidation, previousSignatureIds}`. */
interface InvalidateInput {
  documentId: string;
  invalidation: Invalidation;
  previousSignatureIds: string[];
}

/**
 * `invalidate`: one signature per item, `PATCH /api/v2/signatures/{id}/invalidate` (irreversible),
 * optionally with a replacement. The document is read again afterwards: the service rarely says which
 * signature replaced the old one, so the new one is the signature that was not there before, with its
 * link. A cut connection is looked into (the signature read again) before anything is sent twice.
 */
export function invalidateKind(deps: ActionDeps): JobKind {
  const reread = async (item: JobItem, ctx: JobContext, already: boolean): Promise<ItemResult> => {
    const input = item.input as unknown as InvalidateInput;
    const client = await deps.client(ctx.job.accountId);
    const readAt = deps.stamp();
    const document = await client.getDocument(input.documentId, { signal: ctx.signal });
    deps.mirror(ctx.job.accountId, document, readAt);
    const added = document.signatures.find((signature) => !input.previousSignatureIds.includes(signature.id));
    return {
      state: 'done',
      outcome: {
        documentId: document.id,
        ...(already ? { already: true } : {}),
        newSignatureId: added?.id ?? null,
        newSignatureUrl: added?.url ?? null,
      },
    };
  };
  return {
    kind: 'invalidate',
    concurrency: 2,
    // In a team its jobs are the team's: a document is the account's, so any computer can carry the job on.
    shared: true,
    async run(item, ctx) {
      const input = item.input as unknown as InvalidateInput;
      const client = await deps.client(ctx.job.accountId);
      try {
        await client.invalidateSignature(item.subject, input.invalidation, { signal: ctx.signal });
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.kind === 'RateLimited' || error.kind === 'Network')
          return { state: 'retry', afterMs: retryAfterMs(error.params), error: error.toShape() };
        if (error.kind === 'Unauthorized') return { state: 'stop', error: error.toShape() };
        if (error.kind === 'Ambiguous' || error.kind === 'ServerError') {
          const recovered = await this.recover!(item, ctx);
          return recovered === 'run-again' ? { state: 'retry', afterMs: 1_000, error: error.toShape() } : recovered;
        }
        return { state: 'failed', error: error.toShape() };
      }
      return reread(item, ctx, false);
    },
    async recover(item, ctx) {
      const client = await deps.client(ctx.job.accountId);
      const signature = await client.getSignature(item.subject, { signal: ctx.signal }).catch(() => null);
      if (signature && signature.status === 'CA') return reread(item, ctx, true);
      return 'run-again';
    },
  };
}
