import { AppError, isAppError } from '../../../shared/contract/errors';
import { isOpenSignatureStatus, type Document } from '../../../shared/domain/documents';
import type { AutoRemind } from '../../../shared/domain/settings';
import type { JobEngine } from '../jobs/job-engine';
import type { JobItemsRepo } from '../jobs/job-items-repo';
import type { JobItem } from '../jobs/item-store';
import type { JobContext, JobKind } from '../jobs/job-runner';
import type { JobRow } from '../jobs/jobs-repo';
import type { JobLeases } from '../jobs/leases';
import type { Logger } from '../logging/logger';

const DAY = 86_400_000;
const reminderGapMs = 2 * 60 * 60 * 1000;

/**
 * With a team (issue 32, team/team-reminders.ts): one computer reminds for an account (a duty held in
 * the team store), reading every computer's reminders. Each call throws when the store cannot be
 * reached: then no automatic reminder goes out.
 */
export interface AutoRemindTeam {
  /** Takes or renews this computer's duty for the account (kept renewed until dropped); false when another computer holds it. */
  holdDuty(accountId: string): Promise<boolean>;
  dropDuty(accountId: string): Promise<void>;
  /** Every computer's reminders of the account, per signature. */
  history(accountId: string): Promise<{ subject: string; n: number; last: number | null }[]>;
  /** Just before an automatic reminder goes out: still the duty's holder, and no computer reminded the signer since `since`. */
  mayRemind(accountId: string, signatureId: string, since: number): Promise<boolean>;
  /** A reminder went out (or may have). */
  record(accountId: string, reminder: { signatureId: string; documentId: string; at: number; auto: boolean }): Promise<void>;
}

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
  /** A team: the duty and every computer's reminders (none: this computer alone). */
  team?: AutoRemindTeam;
}

/**
 * Automatic reminders (off by default, per account): every N days a signer is still pending (with an
 * invitation channel), a reminder, at most M times, never inside the service's 2-hour window. Due
 * signers become one `remind` job (input `auto: true`, so the journal and the timeline say so). One
 * process does it at a time (a lease per account), so the app and a web host never remind twice; in a
 * team, one computer (the duty `auto-remind:<account>` in the team store), counting every computer's reminders.
 */
export function startAutoRemind(deps: AutoRemindDeps): () => void {
  const now = deps.now ?? Date.now;
  const look = async () => {
    for (const { accountId, setting } of deps.accounts()) {
      if (!setting.enabled) {
        await deps.team?.dropDuty(accountId);
        continue;
      }
      if (deps.team && !(await deps.team.holdDuty(accountId))) {
        deps.logger?.log('debug', 'auto-remind: looked', { accountId, duty: 'elsewhere' });
        continue;
      }
      const team = deps.team ? await deps.team.history(accountId) : undefined;
      const leaseId = `auto-remind:${accountId}`;
      if (!deps.leases.acquire(leaseId).owned) continue;
      try {
        const due = dueSignatures(deps, accountId, setting, now(), team);
        if (due.length > 0) {
          deps.engine.create({
            kind: 'remind',
            accountId,
            input: { auto: true, titles: Object.fromEntries(due.map((d) => [d.signatureId, d.label])) },
            items: due.map((d) => ({ subject: d.signatureId, input: { documentId: d.documentId } })),
          });
          deps.logger?.log('info', 'auto-remind: reminders queued', { accountId, count: due.length });
        }
        deps.logger?.log('debug', 'auto-remind: looked', { accountId, duty: deps.team ? 'held' : 'alone', due: due.length });
      } finally {
        deps.leases.release(leaseId);
      }
    }
  };
  // One look at a time: a timer firing while one waits for the team store is let pass.
  let looking: Promise<void> | null = null;
  const guarded = () => {
    looking ??= look()
      .catch((error: unknown) => {
        deps.logger?.log('warn', 'auto-remind: a look failed', { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => (looking = null));
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
    for (const { accountId } of deps.accounts()) void deps.team?.dropDuty(accountId);
  };
}

/**
 * Pending signers whose last reminder (or invitation) is N days old, reminded fewer than M times, and
 * with no reminder still on its way (a job not yet finished: a look while it runs must not queue another).
 */
export function dueSignatures(
  deps: Pick<AutoRemindDeps, 'reminders' | 'pending'>,
  accountId: string,
  setting: AutoRemind,
  now: number,
  team?: Awaited<ReturnType<AutoRemindTeam['history']>>,
) {
  const rows = deps.reminders.reminderHistory(accountId);
  const history = new Map(rows.map((row) => [row.subject, row]));
  // In a team, every computer's reminders count too (this computer's open ones are its own).
  for (const row of team ?? []) {
    const local = history.get(row.subject);
    history.set(row.subject, {
      subject: row.subject,
      n: Math.max(row.n, local?.n ?? 0),
      last: Math.max(row.last ?? 0, local?.last ?? 0) || null,
      open: local?.open ?? 0,
    });
  }
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

/**
 * The `remind` kind in a team: an automatic reminder goes out only while this computer holds the duty
 * and no computer reminded the signer since the job was queued (a job left by a computer that went away
 * and came back never reminds twice); the store unreachable, it waits. Every reminder done is recorded
 * for the whole team.
 */
export function teamRemindKind(kind: JobKind, team: AutoRemindTeam, now: () => number = Date.now): JobKind {
  const recorded = async (item: JobItem, job: JobRow, auto: boolean) => {
    const documentId = typeof item.input.documentId === 'string' ? item.input.documentId : '';
    await team.record(job.accountId, { signatureId: item.subject, documentId, at: now(), auto });
  };
  return {
    ...kind,
    async run(item, ctx) {
      const auto = (ctx.job.input as { auto?: unknown } | null)?.auto === true;
      if (auto) {
        let may: boolean;
        try {
          may = await team.mayRemind(ctx.job.accountId, item.subject, ctx.job.createdAt);
        } catch (error) {
          const said = isAppError(error) ? error.message : String(error);
          const shape = new AppError({
            kind: 'Unavailable',
            code: 'team.unreachable',
            message: `Team store unreachable — automatic reminders wait: ${said}`,
          });
          return { state: 'retry', afterMs: 5_000, error: shape.toShape() };
        }
        if (!may) return { state: 'skipped', outcome: { remindedElsewhere: true } };
      }
      const result = await kind.run(item, ctx);
      if (result.state === 'done') await recorded(item, ctx.job, auto);
      return result;
    },
    // A reminder in flight when its process died may have gone: counted as sent, for every computer.
    ...(kind.recover
      ? {
          recover: async (item: JobItem, ctx: JobContext) => {
            const result = await kind.recover!(item, ctx);
            if (result !== 'run-again' && result.state === 'done')
              await recorded(item, ctx.job, (ctx.job.input as { auto?: unknown } | null)?.auto === true);
            return result;
          },
        }
      : {}),
  };
}
