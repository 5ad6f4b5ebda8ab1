import { isOpenSignatureStatus, type Document } from '../../../shared/domain/documents';
import type { AutoRemind } from '../../../shared/domain/settings';
import type { JobEngine } from '../jobs/job-engine';
import type { JobItemsRepo } from '../jobs/job-items-repo';
import type { JobLeases } from '../jobs/leases';
import type { Logger } from '../logging/logger';

const DAY = 86_400_000;
const reminderGapMs = 2 * 60 * 60 * 1000;

export interface AutoRemindDeps {
  /** The account's past and open reminders (job-items-repo.ts). */
  reminders: Pick<JobItemsRepo, 'reminderHistory'>;
  engine: JobEngine;
  leases: JobLeases;
  /** Accounts with their automatic-reminder setting. */
  accounts: () => { accountId: string; setting: AutoRemind }[];
  pending: (accountId: string) => Document[];
  logger?: Logger;
  now?: () => number;
  /** Between looks (default one hour) while some account has reminders on: a timer. */
  everyMs?: number;
  /** The first look after start, or after reminders were turned on (default 5 s). */
  firstAfterMs?: number;
  /** Calls back when the settings change (an account turned reminders on: look at once, not in an hour). */
  onSettingsChanged?: (listener: () => void) => () => void;
}

/**
 * Automatic reminders (off by default, per account): every N days a signer is still pending (with an
 * invitation channel), a reminder, at most M times, never inside the service's 2-hour window. Due
 * signers become one `remind` job (input `auto: true`, so the journal and the timeline say so). One
 * process does it at a time (a lease per account), so the app and a web host never remind twice.
 */
export function startAutoRemind(deps: AutoRemindDeps): () => void {
  const now = deps.now ?? Date.now;
  const look = () => {
    for (const { accountId, setting } of deps.accounts()) {
      if (!setting.enabled) continue;
      const leaseId = `auto-remind:${accountId}`;
      if (!deps.leases.acquire(leaseId).owned) continue;
      try {
        const due = dueSignatures(deps, accountId, setting, now());
        if (due.length > 0) {
          deps.engine.create({
            kind: 'remind',
            accountId,
            input: { auto: true, titles: Object.fromEntries(due.map((d) => [d.signatureId, d.label])) },
            items: due.map((d) => ({ subject: d.signatureId, input: { documentId: d.documentId } })),
          });
          deps.logger?.log('info', 'auto-remind: reminders queued', { accountId, count: due.length });
        }
      } finally {
        deps.leases.release(leaseId);
      }
    }
  };
  const guarded = () => {
    try {
      look();
    } catch (error) {
      deps.logger?.log('warn', 'auto-remind: a look failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  // Timers only while some account has automatic reminders on (off by default): an app that reminds no one never wakes for it.
  let first: ReturnType<typeof setTimeout> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  const arm = () => {
    const wanted = deps.accounts().some(({ setting }) => setting.enabled);
    if (wanted && !timer) {
      first = setTimeout(guarded, deps.firstAfterMs ?? 5_000);
      timer = setInterval(guarded, deps.everyMs ?? 60 * 60 * 1000);
      first.unref?.();
      timer.unref?.();
    } else if (!wanted && timer) disarm();
  };
  const disarm = () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    first = timer = null;
  };
  arm();
  // A change of the settings is looked at once the call that made it has answered.
  let soon: ReturnType<typeof setImmediate> | null = null;
  const off = deps.onSettingsChanged?.(() => {
    soon ??= setImmediate(() => {
      soon = null;
      arm();
      guarded();
    });
  });
  return () => {
    disarm();
    if (soon) clearImmediate(soon);
    off?.();
  };
}

/**
 * Pending signers whose last reminder (or invitation) is N days old, reminded fewer than M times, and
 * with no reminder still on its way (a job not yet finished: a look while it runs must not queue another).
 */
export function dueSignatures(deps: Pick<AutoRemindDeps, 'reminders' | 'pending'>, accountId: string, setting: AutoRemind, now: number) {
  const rows = deps.reminders.reminderHistory(accountId);
  const history = new Map(rows.map((row) => [row.subject, row]));
  const due: { signatureId: string; documentId: string; label: string }[] = [];
  for (const document of deps.pending(accountId)) {
    for (const signature of document.signatures) {
      if (!isOpenSignatureStatus(signature.status) || signature.inviteChannel.length === 0) continue;
      const { n, last, open } = history.get(signature.id) ?? { n: 0, last: null, open: 0 };
      if (n >= setting.maxTimes || open > 0) continue;
      const since =
        last ?? (signature.createdAt ? Date.parse(signature.createdAt) : document.createdAt ? Date.parse(document.createdAt) : now);
      if (now - since < Math.max(setting.everyDays * DAY, reminderGapMs)) continue;
      due.push({
        signatureId: signature.id,
        documentId: document.id,
        label: `${signature.displayName || signature.id.slice(0, 8)} · ${document.title}`,
      });
    }
  }
  return due;
}
