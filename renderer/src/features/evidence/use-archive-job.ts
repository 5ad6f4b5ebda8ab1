import { useEffect, useState } from 'react';
import type { JobView } from '../../../../shared/domain/jobs';
import { useClient } from '../../lib/client-context';

const live = new Set(['queued', 'running', 'pausing', 'cancelling', 'paused']);

/**
 * The archive job to show: one still going (from this or another process), or the one this page
 * started until it is dismissed. Follows `jobs.changed`.
 */
export function useArchiveJob() {
  const client = useClient();
  const [job, setJob] = useState<JobView | null>(null);
  useEffect(() => {
    let stopped = false;
    client
      .call('jobs.list', { limit: 20 })
      .then((jobs) => {
        const going = jobs.find((j) => j.kind === 'archive' && live.has(j.state));
        if (!stopped && going) setJob((current) => current ?? going);
      })
      .catch(() => undefined);
    const off = client.subscribe('jobs.changed', (changed) => {
      if (changed.kind === 'archive') setJob((current) => (current === null || current.id === changed.id || live.has(changed.state) ? changed : current));
    });
    return () => {
      stopped = true;
      off();
    };
  }, [client]);
  return { job, setJob, dismiss: () => setJob(null), running: job !== null && live.has(job.state) };
}
