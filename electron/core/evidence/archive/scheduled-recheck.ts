import type { RecheckResult, RecheckSetting } from '../../../../shared/domain/evidence';
import type { JobLeases } from '../../jobs/leases';
import type { Logger } from '../../logging/logger';
import { findBags, type BagVerification } from '../checks/bag-verify';

const DAY = 86_400_000;
/** setTimeout's longest wait (about 24.8 days); a later due time is reached by waiting again. */
const maxTimerMs = 2_147_483_647;
const leaseId = 'evidence:recheck';
/** A run that kept no result is tried again an hour later. */
const retryMs = 60 * 60 * 1000;
const active = new WeakSet<RecheckDeps>();

export interface RecheckDeps {
  leases: JobLeases;
  folder: () => string;
  setting: () => RecheckSetting;
  /** When scheduling began (the first due time counts from it when there was never a check). */
  since: () => number;
  last: () => RecheckResult | null;
  store: (result: RecheckResult) => void;
  /** One bag verified from its bytes (bag-verify.ts: the bag against itself, then every evidence check). */
  verify: (bagPath: string) => Promise<BagVerification>;
  /** After each bag: the index records what its verification found (bags not indexed yet are indexed). */
  onBag: (verification: BagVerification) => void | Promise<void>;
  /** When it is over (an event for the UI; a notice when problems were found). */
  onDone: (result: RecheckResult) => void;
  logger?: Logger;
  now?: () => number;
}

/** When the next scheduled re-hash is due, or null when the schedule is off. */
export function nextDue(deps: Pick<RecheckDeps, 'setting' | 'since' | 'last'>): number | null {
  const setting = deps.setting();
  if (!setting.enabled) return null;
  const last = deps.last();
  const from = last ? Date.parse(last.finishedAt) : deps.since();
  return from + setting.everyDays * DAY;
}

/**
 * Verifies every bag of the archive folder again from its bytes (no network, no key), one bag after
 * another: the same checks as `verify`, never a stored verdict; and keeps the result. Read-only on the bags: stopped half-way (a crash, a SIGKILL) it
 * leaves no result, so it is simply due again at the next start. One process at a time (a lease in SQLite).
 */
export async function recheckArchive(deps: RecheckDeps, trigger: RecheckResult['trigger']): Promise<RecheckResult | null> {
  const now = deps.now ?? Date.now;
  // The lease keeps other processes out; this keeps a second run of this process out (the same owner).
  if (active.has(deps) || !deps.leases.acquire(leaseId).owned) return null;
  active.add(deps);
  try {
    const startedAt = new Date(now()).toISOString();
    const folder = deps.folder();
    const bags = await findBags(folder);
    const verdicts = { passed: 0, failed: 0, incomplete: 0 };
    const result: RecheckResult = {
      startedAt,
      finishedAt: startedAt,
      folder,
      trigger,
      bags: bags.length,
      files: 0,
      bytes: 0,
      problems: 0,
      verdicts,
      bagsWithProblems: [],
    };
    let renewed = now();
    for (const bag of bags) {
      const verified = await deps.verify(bag);
      await deps.onBag(verified);
      result.files += verified.check.files.length;
      result.bytes += verified.check.bytes;
      result.problems += verified.problems.length;
      verdicts[verified.report.verdict] += 1;
      if (verified.report.verdict !== 'passed' && result.bagsWithProblems.length < 200) {
        result.bagsWithProblems.push({
          bagPath: bag,
          title: verified.title,
          verdict: verified.report.verdict,
          problems: verified.problems.slice(0, 50),
        });
      }
      if (now() - renewed > deps.leases.ttlMs / 3) {
        deps.leases.renew(leaseId);
        renewed = now();
      }
    }
    result.finishedAt = new Date(now()).toISOString();
    deps.store(result);
    deps.logger?.log('info', 'evidence: archive re-hashed', { trigger, bags: result.bags, files: result.files, problems: result.problems });
    deps.onDone(result);
    return result;
  } finally {
    active.delete(deps);
    deps.leases.release(leaseId);
  }
}

/**
 * The schedule: one timer set for the next due time (never a polling loop; idle costs nothing), set
 * again after each run and whenever the setting changes (`rearm`). Another process that ran the check
 * meanwhile moved the due time: the timer, when it fires, finds it not due yet and waits again.
 */
export function scheduleRecheck(deps: RecheckDeps): { rearm: () => void; stop: () => void; running: () => Promise<unknown> | null } {
  const now = deps.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let run: Promise<unknown> | null = null;
  let stopped = false;
  /** After a run that kept no result (another process held the check, or it failed): not before then. */
  let retryAt = 0;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const due = nextDue(deps);
    if (stopped || due === null) return;
    timer = setTimeout(fire, Math.min(Math.max(Math.max(due, retryAt) - now(), 0), maxTimerMs));
    timer.unref?.();
  };
  const fire = () => {
    timer = null;
    const due = nextDue(deps);
    if (due === null || Math.max(due, retryAt) > now() || run) return arm();
    run = recheckArchive(deps, 'schedule')
      .then((result) => {
        if (!result) retryAt = now() + retryMs;
      })
      .catch((error: unknown) => {
        retryAt = now() + retryMs;
        deps.logger?.log('warn', 'evidence: scheduled re-hash failed', { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        run = null;
        arm();
      });
  };
  arm();
  return {
    rearm: arm,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    running: () => run,
  };
}
