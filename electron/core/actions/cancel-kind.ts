import { AppError, isAppError } from '../../../shared/contract/errors';
import type { JobItem } from '../jobs/job-items-repo';
import type { ItemResult, JobContext, JobKind } from '../jobs/job-runner';
import { retryAfterMs, type ActionDeps } from './action-deps';

/**
 * `cancel`: one document per item, `PATCH /api/v2/documents/{id}/cancel` with the job's reason. The
 * mirror takes the service's answer. A 400 is looked into by re-reading the document: already `CA`
 * (for instance cancelled by this job before a crash) counts as done, `CO` is skipped as completed, else
 * the service's refusal is the item's outcome. A cut connection is never sent again blind: the document
 * is read first (`recover`).
 */
export function cancelKind(deps: ActionDeps): JobKind {
  const lookAt = async (item: JobItem, ctx: JobContext): Promise<ItemResult | null> => {
    const client = await deps.client(ctx.job.accountId);
    const readAt = deps.stamp();
    const document = await client.getDocument(item.subject, { signal: ctx.signal });
    deps.mirror(ctx.job.accountId, document, readAt);
    if (document.status === 'CA') return { state: 'done', outcome: { status: 'CA', already: true } };
    if (document.status === 'CO') return { state: 'skipped', outcome: { status: 'CO' }, error: completed() };
    return null;
  };
  return {
    kind: 'cancel',
    concurrency: 4,
    // In a team its jobs are the team's: a document is the account's, so any computer can carry the job on.
    shared: true,
    async run(item, ctx) {
      const reason =
        typeof ctx.job.input === 'object' && ctx.job.input && 'reason' in ctx.job.input
          ? String((ctx.job.input as { reason: unknown }).reason ?? '')
          : '';
      const client = await deps.client(ctx.job.accountId);
      const readAt = deps.stamp();
      try {
        const document = await client.cancelDocument(item.subject, reason || undefined, { signal: ctx.signal });
        deps.mirror(ctx.job.accountId, document, readAt);
        return { state: 'done', outcome: { status: document.status } };
      } catch (error) {
        if (!isAppError(error)) throw error;
        switch (error.kind) {
          case 'RateLimited':
          case 'Network':
            return { state: 'retry', afterMs: retryAfterMs(error.params), error: error.toShape() };
          case 'Unauthorized':
            return { state: 'stop', error: error.toShape() };
          case 'NotFound':
            return { state: 'failed', error: error.toShape(), outcome: { notFound: true } };
          case 'Ambiguous':
          case 'ServerError':
            return (await lookAt(item, ctx)) ?? { state: 'retry', afterMs: 1_000, error: error.toShape() };
          default:
            // 400: not in DR or PE. Already cancelled counts as done; the service's words otherwise.
            return (await lookAt(item, ctx)) ?? { state: 'failed', error: error.toShape() };
        }
      }
    },
    async recover(item, ctx) {
      return (await lookAt(item, ctx).catch(() => null)) ?? 'run-again';
    },
  };
}

function completed() {
  return new AppError({
    kind: 'Conflict',
    code: 'cancel.completed',
    message: 'Not cancelled: the document is already completed (every signer signed).',
  }).toShape();
}
