import { AppError, isAppError } from '../../../shared/contract/errors';
import type { JobKind } from '../jobs/job-runner';
import { retryAfterMs, type ActionDeps } from './action-deps';

const reminderGapMs = 2 * 60 * 60 * 1000;

/**
 * `remind`: one signature per item, `POST /api/v2/signatures/{id}/resend-invitation`. The service
 * allows one reminder per signature every 2 hours and answers 429 otherwise: that is the item's outcome,
 * with the time the next one is possible (from SignDock's own last reminder when it knows it). A cut
 * connection is not sent again (a second reminder is worse than none): the item ends as "may have gone".
 */
export function remindKind(deps: ActionDeps & { lastReminderAt: (signatureId: string) => number | null }): JobKind {
  return {
    kind: 'remind',
    concurrency: 2,
    // In a team its jobs are the team's (the history that stops a second reminder is read from both: team-job-storage.ts).
    shared: true,
    async run(item, ctx) {
      const client = await deps.client(ctx.job.accountId);
      try {
        await client.resendInvitation(item.subject, { signal: ctx.signal });
        return { state: 'done', outcome: { sentAt: new Date().toISOString() } };
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.kind === 'RateLimited') {
          const last = deps.lastReminderAt(item.subject);
          const hinted = typeof error.params?.retryAfterSeconds === 'number' ? Date.now() + retryAfterMs(error.params) : null;
          const next = last !== null ? last + reminderGapMs : hinted;
          if (next === null) {
            // No Retry-After and no reminder of ours on record: the next possible time is not known.
            return {
              state: 'skipped',
              outcome: { nextPossibleAt: null },
              error: new AppError({
                kind: 'RateLimited',
                code: 'reminder.tooSoon',
                message:
                  'Not sent: the service refused the reminder (one went out to this signer less than 2 hours ago, or too many requests). It did not say when the next one is possible; at the latest 2 hours after the previous reminder.',
              }).toShape(),
            };
          }
          const at = new Date(next).toISOString();
          return {
            state: 'skipped',
            outcome: { nextPossibleAt: at },
            error: new AppError({
              kind: 'RateLimited',
              code: 'reminder.tooSoon',
              params: { nextPossibleAt: at },
              message: `Not sent: a reminder went out to this signer less than 2 hours ago. The next one is possible after ${at.slice(0, 16).replace('T', ' ')} UTC.`,
            }).toShape(),
          };
        }
        if (error.kind === 'Network') return { state: 'retry', afterMs: 2_000, error: error.toShape() };
        if (error.kind === 'Unauthorized') return { state: 'stop', error: error.toShape() };
        if (error.kind === 'Ambiguous') return { state: 'done', outcome: { uncertain: true, sentAt: new Date().toISOString() } };
        return { state: 'failed', error: error.toShape() };
      }
    },
    // A reminder in flight when its process died may have gone: it is not sent again.
    async recover() {
      return { state: 'done', outcome: { uncertain: true } };
    },
  };
}
