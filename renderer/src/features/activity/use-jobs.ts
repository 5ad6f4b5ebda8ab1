import { useCallback, useEffect, useRef, useState } from 'react';
import { isFinalJobState, type JobView } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { throttle } from '../../lib/throttle';
import type { JobCommand } from '../../lib/use-job';
import { useConnectionStore } from '../../stores/connection-store';

/** Jobs the card reads at once (the newest; a finished one older than these is not worth a line). */
const JOBS_SHOWN = 20;
/** At most two re-reads of the list a second when jobs nobody knew of yet report. */
const RELIST_MS = 500;

/** The jobs with controls (working, or paused until someone resumes them) first, then newest first. */
function orderJobs(jobs: readonly JobView[]): JobView[] {
  const open = (job: JobView) => (isFinalJobState(job.state) ? 1 : 0);
  return [...jobs].sort((a, b) => open(a) - open(b) || b.createdAt.localeCompare(a.createdAt));
}

/**
 * The account's jobs (bulk actions), whichever computer of the team runs them: `jobs.list` once, then
 * each `jobs.changed` of this account merged by id; a job the list does not hold yet is shown at once
 * and makes the list read again, once (throttled). A view heard while a read travelled beats that
 * read's answer (the events come in order, the answer may be older); a job still working stays shown
 * though older than the newest 20 (one carried on here, say). Re-read when the connection comes back. Pause,
 * resume, stop and retry go to the host; its answer is shown at once, and a refusal is kept by job.
 * One account per use (the page mounts it anew for another account).
 */
export function useJobs(accountId: string) {
  const client = useClient();
  const [jobs, setJobs] = useState<JobView[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [refused, setRefused] = useState<{ jobId: string; error: unknown } | null>(null);
  // The ids the last read answered, and those that asked for a read since (never twice for one).
  const listed = useRef(new Set<string>());
  const asked = useRef(new Set<string>());
  const heard = useRef(new Map<string, JobView>());
  const reads = useRef(0);

  const take = useCallback((view: JobView) => {
    heard.current.set(view.id, view);
    setJobs((list) =>
      list
        ? orderJobs(list.some((job) => job.id === view.id) ? list.map((job) => (job.id === view.id ? view : job)) : [view, ...list])
        : list,
    );
  }, []);

  const load = useCallback(async () => {
    const read = ++reads.current;
    heard.current = new Map();
    try {
      const answer = await client.call('jobs.list', { limit: JOBS_SHOWN });
      if (read !== reads.current) return;
      const ids = new Set(answer.map((job) => job.id));
      listed.current = ids;
      const fresh = answer.map((job) => heard.current.get(job.id) ?? job);
      const since = [...heard.current.values()];
      const stillWorking = (job: JobView) => !ids.has(job.id) && !isFinalJobState(job.state);
      setJobs((list) => {
        const beyond = new Map([...(list ?? []), ...since].filter(stillWorking).map((job) => [job.id, job]));
        return orderJobs([...fresh, ...beyond.values()]);
      });
      setError(null);
    } catch (failure) {
      if (read === reads.current) setError(failure);
    }
  }, [client]);

  useEffect(() => {
    void load();
    const relist = throttle(() => void load(), RELIST_MS);
    const off = client.subscribe('jobs.changed', (view) => {
      if (view.accountId !== accountId) return;
      take(view);
      if (listed.current.has(view.id) || asked.current.has(view.id)) return;
      asked.current.add(view.id);
      relist.call();
    });
    const offConnection = useConnectionStore.subscribe((now, before) => {
      if (now.state === 'open' && before.state !== 'open') relist.call();
    });
    return () => {
      off();
      offConnection();
      relist.cancel();
    };
  }, [client, accountId, load, take]);

  const command = useCallback(
    async (op: JobCommand, jobId: string) => {
      setRefused(null);
      try {
        take(await client.call(op, { jobId }));
      } catch (failure) {
        setRefused({ jobId, error: failure });
      }
    },
    [client, take],
  );

  return { jobs, error, reload: load, command, refused };
}

export type Jobs = ReturnType<typeof useJobs>;
