import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';
import type { TeamStore } from './team-store';

/**
 * Duties one computer of the team does for an account at a time (issue 32): the automatic reminders
 * (`auto-remind`) and the notification listener (`listener`). Each is a row lease in the team store
 * (`signdock.duties`), timed by the store's clock so that the computers' own clocks do not matter:
 * - `hold` takes the duty when its row is free or expired, renews it when this process holds it
 *   (one INSERT … ON CONFLICT DO UPDATE … WHERE: of computers asking at once exactly one gets it), and
 *   keeps asking every third of the lease's length until `drop`: a holder renews, the others take it
 *   over once the holder has not renewed for a whole lease (it went away).
 * - The holder is this process (a random id per run): two processes of one computer never both hold it.
 * - A renewal the store does not answer: the duty is still counted as held until the lease this process
 *   last got runs out (by this process's monotonic clock), then it is let go, since another computer
 *   may take it from then on.
 * Each change is said in the log ("took … / went to … from …") and to the `changed` callback.
 */

export type DutyName = 'auto-remind' | 'listener';

export interface DutyChange {
  name: DutyName;
  /** The local account's id. */
  accountId: string;
  held: boolean;
  /** Who holds it now, when known and not this process. */
  holder?: { computer: string; member: string; until: string };
}

const words: Record<DutyName, string> = { 'auto-remind': 'automatic reminders', listener: 'notification listener' };

interface Kept {
  name: DutyName;
  accountId: string;
  account: string;
  heldUntil: number;
  /** What the log last said of it ('' before the first answer). */
  said: string;
  changed?: (change: DutyChange) => void;
}

export interface TeamDutiesDeps {
  store: TeamStore;
  /** How the team store names a local account (team-wiring.ts). */
  accountKey: (accountId: string) => Promise<string>;
  logger?: Logger;
  /** The lease's length (default `SIGNDOCK_DUTY_TTL_MS`, else 30 s); renewed every third of it. */
  ttlMs?: number;
  /** This process's monotonic clock (ms). */
  clock?: () => number;
}

export class TeamDuties {
  readonly holder = randomUUID();
  readonly ttlMs: number;
  private readonly kept = new Map<string, Kept>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly clock: () => number;

  constructor(private readonly deps: TeamDutiesDeps) {
    this.ttlMs = deps.ttlMs ?? (Number(process.env.SIGNDOCK_DUTY_TTL_MS) || 30_000);
    this.clock = deps.clock ?? (() => performance.now());
  }

  /** Whether this process holds the duty (as of its last answer from the store, within that lease). */
  held(name: DutyName, accountId: string): boolean {
    const kept = this.kept.get(`${name}:${accountId}`);
    return kept !== undefined && kept.heldUntil > this.clock();
  }

  /** Takes or renews it now, and keeps doing so until `drop`. Never throws: a store that cannot be reached answers as the lease stands. */
  async hold(name: DutyName, accountId: string, changed?: (change: DutyChange) => void): Promise<boolean> {
    const key = `${name}:${accountId}`;
    let kept = this.kept.get(key);
    if (!kept) {
      let account: string;
      try {
        account = await this.deps.accountKey(accountId);
      } catch (error) {
        this.deps.logger?.log('warn', 'team: the account of a duty could not be named', { name, accountId, error: String(error) });
        return false;
      }
      kept = this.kept.get(key) ?? { name, accountId, account, heldUntil: 0, said: '', ...(changed ? { changed } : {}) };
      this.kept.set(key, kept);
      this.timer ??= setInterval(() => void this.renewAll(), Math.max(50, Math.floor(this.ttlMs / 3)));
      this.timer.unref?.();
    }
    await this.ask(kept);
    return this.held(name, accountId);
  }

  /** Stops asking for it and lets it go at once (the next computer need not wait for the lease to run out). */
  async drop(name: DutyName, accountId: string): Promise<void> {
    const kept = this.kept.get(`${name}:${accountId}`);
    if (!kept) return;
    this.kept.delete(`${name}:${accountId}`);
    if (this.kept.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    const wasHeld = kept.heldUntil > this.clock();
    kept.heldUntil = 0;
    if (!wasHeld) return;
    try {
      await this.deps.store.query(`UPDATE signdock.duties SET expires_at = now() WHERE name = $1 AND account = $2 AND holder = $3`, [
        kept.name,
        kept.account,
        this.holder,
      ]);
      this.deps.logger?.log('info', `team: this computer let go of the ${words[kept.name]}`, { accountId: kept.accountId });
    } catch {
      // Its lease runs out by itself.
    }
    kept.changed?.({ name: kept.name, accountId: kept.accountId, held: false });
  }

  /** Lets every duty go (the app closing). */
  async close(): Promise<void> {
    await Promise.all([...this.kept.values()].map((kept) => this.drop(kept.name, kept.accountId)));
  }

  private async renewAll(): Promise<void> {
    for (const kept of [...this.kept.values()]) await this.ask(kept);
  }

  private async ask(kept: Kept): Promise<void> {
    const before = kept.heldUntil > this.clock();
    const asked = this.clock();
    let holder: DutyChange['holder'];
    try {
      await this.deps.store.ready();
      const taken = await this.deps.store.query<{ holder: string }>(
        `INSERT INTO signdock.duties AS d (name, account, holder, computer, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000))
         ON CONFLICT (name, account) DO UPDATE SET holder = EXCLUDED.holder, computer = EXCLUDED.computer,
           taken_at = CASE WHEN d.holder = EXCLUDED.holder THEN d.taken_at ELSE now() END,
           renewed_at = now(), expires_at = EXCLUDED.expires_at
         WHERE d.holder = EXCLUDED.holder OR d.expires_at <= now()
         RETURNING holder`,
        [kept.name, kept.account, this.holder, this.deps.store.computer, this.ttlMs],
      );
      if (!this.kept.has(`${kept.name}:${kept.accountId}`)) return; // dropped meanwhile
      if (taken.rows.length > 0) {
        // Counted from when it was asked: the store's lease ran from a moment after that.
        kept.heldUntil = asked + this.ttlMs;
      } else {
        kept.heldUntil = 0;
        const row = await this.deps.store.query<{ computer: string; member: string; expires_at: Date }>(
          'SELECT computer, member, expires_at FROM signdock.duties WHERE name = $1 AND account = $2',
          [kept.name, kept.account],
        );
        const other = row.rows[0];
        if (other) holder = { computer: other.computer, member: other.member, until: other.expires_at.toISOString() };
      }
    } catch (error) {
      // Held until the lease it had runs out; the next renewal tries again.
      if (!kept.heldUntil || kept.heldUntil <= this.clock()) kept.heldUntil = 0;
      const said = `unreachable:${kept.heldUntil > 0}`;
      if (kept.said !== said) {
        this.deps.logger?.log('warn', `team: the ${words[kept.name]} duty cannot be renewed: the team store did not answer`, {
          accountId: kept.accountId,
          error: error instanceof Error ? error.message : String(error),
        });
        kept.said = said;
      }
      if (before && kept.heldUntil === 0) kept.changed?.({ name: kept.name, accountId: kept.accountId, held: false });
      return;
    }
    const now = kept.heldUntil > 0;
    const said = now ? 'held' : `elsewhere:${holder?.computer ?? ''}:${holder?.member ?? ''}`;
    const saidChanged = kept.said !== said;
    if (saidChanged) {
      if (now)
        this.deps.logger?.log('info', `team: this computer took the ${words[kept.name]} duty`, {
          accountId: kept.accountId,
          computer: this.deps.store.computer,
        });
      else
        this.deps.logger?.log('info', `team: the ${words[kept.name]} duty is held by ${holder?.member} from ${holder?.computer}`, {
          accountId: kept.accountId,
          until: holder?.until,
        });
      kept.said = said;
    }
    if (now !== before || saidChanged)
      kept.changed?.({ name: kept.name, accountId: kept.accountId, held: now, ...(holder ? { holder } : {}) });
  }
}
