import { useCallback, useEffect, useState } from 'react';
import type { JobItemView, JobView } from '../../../../shared';
import { useClient } from '../../lib/client-context';

/** A job followed live (`jobs.changed`), with its items once it settled; controls go through the host. */
export function useJob(started: JobView | null) {
  const client = useClient();
  const [latest, setLatest] = useState<JobView | null>(null);
  const [loaded, setLoaded] = useState<{ key: string; items: JobItemView[] } | null>(null);
  const job = latest && started && latest.id === started.id ? latest : started;
  const settled = job !== null && (job.state === 'finished' || job.state === 'cancelled' || job.state === 'paused');
  const key = job ? `${job.id}:${job.state}:${job.progress.byState.done}:${job.progress.byState.failed}` : '';
  const jobId = job?.id;

  useEffect(() => {
    if (!jobId) return;
    return client.subscribe('jobs.changed', (view) => {
      if (view.id === jobId) setLatest(view);
    });
  }, [client, jobId]);
  useEffect(() => {
    if (!jobId || !settled) return;
    let live = true;
    void client.call('jobs.get', { jobId }).then((answer) => {
      if (live) setLoaded({ key, items: answer.items });
    });
    return () => {
      live = false;
    };
  }, [client, jobId, settled, key]);

  const command = useCallback(
    async (op: 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.retryFailed') => {
      if (jobId) setLatest(await client.call(op, { jobId }));
    },
    [client, jobId],
  );
  return { job, items: loaded?.key === key ? loaded.items : null, settled, command };
}
