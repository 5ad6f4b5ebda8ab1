import { useEffect, useState } from 'react';
import { isFinalJobState, type JobView } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useJob } from '../../lib/use-job';

/** An archive job not final yet: working, or paused until someone resumes it. */
const isGoing = (job: JobView) => !isFinalJobState(job.state);
/** Another process's archive is taken up while going, or whenever none is shown. */
const adoptArchive = (view: JobView, current: JobView | null) => view.kind === 'archive' && (current === null || isGoing(view));

/**
 * The archive job to show: one still going (from this or another process), or the one this page
 * started until it is dismissed. Followed by the renderer's one job hook (`lib/use-job.ts`), which takes
 * up an archive another process starts (any archive event while none is shown).
 */
export function useArchiveJob() {
  const client = useClient();
  const [started, setStarted] = useState<JobView | null>(null);
  useEffect(() => {
    let stopped = false;
    client
      .call('jobs.list', { limit: 20 })
      .then((jobs) => {
        const going = jobs.find((j) => j.kind === 'archive' && isGoing(j));
        if (!stopped && going) setStarted((current) => current ?? going);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [client]);
  const { job, forget } = useJob(started, { adopt: adoptArchive });
  return {
    job,
    setJob: setStarted,
    dismiss: () => {
      setStarted(null);
      forget();
    },
    running: job !== null && isGoing(job),
  };
}
