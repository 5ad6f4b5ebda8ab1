import { jobStateSchema } from '../../../shared/domain/jobs';

/**
 * The one state machine of every job (batches included):
 *
 *   queued → running → pausing → paused → (resume) queued → running … → finished
 *                 ╰──────┴──────────┴──→ cancelling → cancelled
 *
 * Commands come from any process (they are written to the database; the owner obeys them). Every
 * command is valid in every state and idempotent: a command that has nothing to do leaves the state as
 * it is. Events come from the owner: `settled` when nothing is in flight any more, `drained` when no
 * item is left to do.
 */
/** The states, as the contract names them (`shared/domain/jobs.ts` also says which are final, settled, active). */
export const jobStates = jobStateSchema.options;
export type JobState = (typeof jobStates)[number];

export const jobCommands = ['pause', 'resume', 'cancel', 'retryFailed'] as const;
export type JobCommand = (typeof jobCommands)[number];

export type JobEvent = 'start' | 'settled' | 'drained' | 'stoppedByError';

const commandTable: Record<JobCommand, Record<JobState, JobState>> = {
  pause: {
    queued: 'paused',
    running: 'pausing',
    pausing: 'pausing',
    paused: 'paused',
    cancelling: 'cancelling',
    cancelled: 'cancelled',
    finished: 'finished',
  },
  // Resume while still pausing keeps the job running: the owner sees it before it stops.
  resume: {
    queued: 'queued',
    running: 'running',
    pausing: 'running',
    paused: 'queued',
    cancelling: 'cancelling',
    cancelled: 'cancelled',
    finished: 'finished',
  },
  // Cancel after pause is kept: a paused job with items in doubt looks them up before it is cancelled.
  cancel: {
    queued: 'cancelled',
    running: 'cancelling',
    pausing: 'cancelling',
    paused: 'cancelling',
    cancelling: 'cancelling',
    cancelled: 'cancelled',
    finished: 'finished',
  },
  // Failed items go back to the queue; a finished job runs again for them.
  retryFailed: {
    queued: 'queued',
    running: 'running',
    pausing: 'pausing',
    paused: 'paused',
    cancelling: 'cancelling',
    cancelled: 'cancelled',
    finished: 'queued',
  },
};

const eventTable: Record<JobEvent, Partial<Record<JobState, JobState>>> = {
  /** The owner starts working on a queued job. */
  start: { queued: 'running' },
  /** Nothing is in flight any more after a stop was asked for. */
  settled: { pausing: 'paused', cancelling: 'cancelled' },
  /** No item is left to do. */
  drained: { running: 'finished', queued: 'finished' },
  /** The owner cannot go on (key refused, service unreachable): paused, resumable. */
  stoppedByError: { running: 'paused', queued: 'paused', pausing: 'paused' },
};

/** The state after a command: always defined, the same state when there is nothing to do. */
export function afterCommand(state: JobState, command: JobCommand): JobState {
  return commandTable[command][state];
}

/** The state after an owner's event, or the same state when the event does not apply. */
export function afterEvent(state: JobState, event: JobEvent): JobState {
  return eventTable[event][state] ?? state;
}

/** States in which the owner should stop claiming and let in-flight items finish. */
export function wantsStop(state: JobState): boolean {
  return state === 'pausing' || state === 'cancelling';
}
