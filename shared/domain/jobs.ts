import { z } from 'zod';
import { appErrorSchema } from '../contract/errors';

/** A bulk action as every host shows it: the job engine's state, counts, bytes, time left, pauses, owner. */
export const jobStateSchema = z.enum(['queued', 'running', 'pausing', 'paused', 'cancelling', 'cancelled', 'finished']);
type JobState = z.infer<typeof jobStateSchema>;

/** Final: nothing moves the job on (but a retry of a finished job's failed items). */
export function isFinalJobState(state: JobState): boolean {
  return state === 'finished' || state === 'cancelled';
}

/** Settled: nothing is in flight — final, or paused until someone resumes it. */
export function isSettledJobState(state: JobState): boolean {
  return isFinalJobState(state) || state === 'paused';
}

/** Active: the job is working or about to (queued, running, pausing, cancelling). */
export function isActiveJobState(state: JobState): boolean {
  return !isSettledJobState(state);
}

export const jobItemStateSchema = z.enum(['pending', 'running', 'uncertain', 'done', 'skipped', 'failed', 'cancelled']);

export const jobItemViewSchema = z.object({
  seq: z.number().int(),
  subject: z.string(),
  /** What the item is about in words (a document's title, a signer), when known. */
  label: z.string().nullable(),
  state: jobItemStateSchema,
  attempts: z.number().int(),
  outcome: z.record(z.string(), z.unknown()).nullable(),
  error: appErrorSchema.nullable(),
});
export type JobItemView = z.infer<typeof jobItemViewSchema>;

export const jobViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  accountId: z.string(),
  state: jobStateSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  input: z.record(z.string(), z.unknown()),
  progress: z.object({
    total: z.number().int(),
    byState: z.record(jobItemStateSchema, z.number().int()),
    bytesDone: z.number(),
    secondsLeft: z.number().nullable(),
    rateLimitedUntil: z.string().nullable(),
  }),
  /** The process running it now: its computer (`host`), PID, and in a team the member it runs for. */
  owner: z.object({ pid: z.number().int(), host: z.string(), self: z.boolean(), member: z.string().nullable() }).nullable(),
  /** An active job whose owner stopped renewing its lease (that process or computer went away): "Carry on here". */
  ownerGone: z.object({ host: z.string(), member: z.string().nullable(), since: z.string() }).nullable(),
  /** In a team: the computer and member that started it (null on one computer). */
  startedBy: z.object({ computer: z.string(), member: z.string() }).nullable(),
  /** Kept in the team store: every computer of the team sees it and may carry it on. */
  shared: z.boolean(),
  stoppedBy: appErrorSchema.nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;
