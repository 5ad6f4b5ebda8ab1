import { describe, expect, it } from 'vitest';
import { afterCommand, afterEvent, jobCommands, jobStates, type JobCommand, type JobState } from '../../electron/core/jobs/state-machine';

/**
 * Issue 12: every (state, command) pair of the job state machine, written out as a table a reader can
 * check against the README: every command is valid in every state, and applying it twice changes
 * nothing more than applying it once.
 */
const expected: Record<JobState, Record<JobCommand, JobState>> = {
  queued: { pause: 'paused', resume: 'queued', cancel: 'cancelled', retryFailed: 'queued' },
  running: { pause: 'pausing', resume: 'running', cancel: 'cancelling', retryFailed: 'running' },
  pausing: { pause: 'pausing', resume: 'running', cancel: 'cancelling', retryFailed: 'pausing' },
  paused: { pause: 'paused', resume: 'queued', cancel: 'cancelling', retryFailed: 'paused' },
  cancelling: { pause: 'cancelling', resume: 'cancelling', cancel: 'cancelling', retryFailed: 'cancelling' },
  cancelled: { pause: 'cancelled', resume: 'cancelled', cancel: 'cancelled', retryFailed: 'cancelled' },
  finished: { pause: 'finished', resume: 'finished', cancel: 'finished', retryFailed: 'queued' },
};

describe('the job state machine', () => {
  for (const state of jobStates) {
    for (const command of jobCommands) {
      it(`${command} in ${state} → ${expected[state][command]}, and again changes nothing`, () => {
        const once = afterCommand(state, command);
        expect(once).toBe(expected[state][command]);
        // Idempotent: the same command on the state it led to stays there (resume of paused goes on to run once started).
        expect(afterCommand(once, command)).toBe(once);
      });
    }
  }

  it('the owner settles a stop, finishes a drained job, and pauses itself on an error', () => {
    expect(afterEvent('queued', 'start')).toBe('running');
    expect(afterEvent('pausing', 'settled')).toBe('paused');
    expect(afterEvent('cancelling', 'settled')).toBe('cancelled');
    expect(afterEvent('running', 'drained')).toBe('finished');
    expect(afterEvent('running', 'stoppedByError')).toBe('paused');
    // An event that does not apply leaves the state alone (a pause asked for is not lost by "drained").
    expect(afterEvent('pausing', 'drained')).toBe('pausing');
    expect(afterEvent('cancelled', 'start')).toBe('cancelled');
  });

  it('a pause, then a cancel, ends cancelled; a resume while pausing keeps it running', () => {
    expect(afterCommand(afterCommand('running', 'pause'), 'cancel')).toBe('cancelling');
    expect(afterCommand(afterCommand('running', 'pause'), 'resume')).toBe('running');
  });
});
