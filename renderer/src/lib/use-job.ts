import { useCallback, useEffect, useState } from 'react';
import { isSettledJobState, jobStateSchema, type JobItemView, type JobView } from '../../../shared';
import { useClient } from './client-context';

/** What a clerk may ask of a job. */
export type JobCommand = 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.retryFailed';

interface FollowOptions {
  /** Read the job's items each time it settles (and again when its counts move while settled). */
  readonly items?: boolean;
  /**
   * Another job to follow instead when it reports (`jobs.changed`), given the one followed now (or
   * null): the Evidence page takes up an archive started by another window or the CLI. A function
   * made once (module level): a new one follows again.
   */
  adopt?(view: JobView, current: JobView | null): boolean;
}

/**
 * The one way the renderer follows a job: `started` (the view its start returned, or null), kept
 * current by `jobs.changed` and caught up once with `jobs.get` (a quick job may have sent its last
 * event before the subscription); `settled` by the shared rule (`isSettledJobState`); its items once
 * settled when asked for; pause / resume / cancel / retry through the host (the answer shown at once).
 * `forget()` drops what was seen: with `started` null, no job is shown until another is adopted.
 */
export function useJob(started: JobView | null, options: FollowOptions = {}) {
  const client = useClient();
  const { adopt, items: withItems } = options;
  // The latest view seen, for the `started` it was seen under: a new `started` starts afresh.
  const [seen, setSeen] = useState<{ from: JobView | null; view: JobView | null }>({ from: null, view: null });
  const [loaded, setLoaded] = useState<{ key: string; items: JobItemView[] } | null>(null);
  const job = (seen.from === started ? seen.view : null) ?? started;
  const settled = job !== null && isSettledJobState(job.state);
  const key = job ? `${job.id}:${job.state}:${job.progress.byState.done}:${job.progress.byState.failed}` : '';
  const jobId = job?.id;
  const startedId = started?.id;

  useEffect(() => {
    let live = true;
    const take = (next: (current: JobView | null) => JobView | null) =>
      setSeen((state) => {
        const current = (state.from === started ? state.view : null) ?? started;
        const view = next(current);
        return view === current ? state : { from: started, view };
      });
    const off = client.subscribe('jobs.changed', (view) => {
      take((current) => (view.id === current?.id || adopt?.(view, current) ? view : current));
    });
    if (startedId) {
      void client.call('jobs.get', { jobId: startedId }).then((answer) => {
        if (!live) return;
        take((current) =>
          current?.id !== answer.job.id || (current.progress.total === answer.job.progress.total && isLater(current, answer.job))
            ? current
            : answer.job,
        );
      });
    }
    return () => {
      live = false;
      off();
    };
  }, [client, started, startedId, adopt]);

  useEffect(() => {
    if (!withItems || !jobId || !settled) return;
    let live = true;
    void client.call('jobs.get', { jobId }).then((answer) => {
      if (live) setLoaded({ key, items: answer.items });
    });
    return () => {
      live = false;
    };
  }, [client, jobId, settled, key, withItems]);

  const command = useCallback(
    async (op: JobCommand) => {
      if (!jobId) return;
      const view = await client.call(op, { jobId });
      setSeen({ from: started, view });
    },
    [client, jobId, started],
  );
  const forget = useCallback(() => setSeen({ from: null, view: null }), []);
  return { job, items: loaded?.key === key ? loaded.items : null, settled, command, forget };
}

/** Whether `a` is at least as far along as `b` (settled states beat running ones: the states' order). */
function isLater(a: JobView, b: JobView): boolean {
  const order = jobStateSchema.options;
  const done = (v: JobView) => v.progress.byState.done + v.progress.byState.failed + v.progress.byState.skipped;
  return order.indexOf(a.state) >= order.indexOf(b.state) && done(a) >= done(b);
}
