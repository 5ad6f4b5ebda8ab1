import type { Logger } from '../logging/logger';
import type { TeamDuties } from './team-duties';
import type { TeamStore } from './team-store';

/**
 * The automatic reminders of a team (issue 32): one computer reminds for an account (the duty
 * `auto-remind:<account>`, team-duties.ts), and what it reads to find who is due is every computer's
 * reminders (`signdock.reminders`), so the computer that takes the duty over never reminds a signer
 * again inside the period. Every reminder that went out (or may have), automatic or a clerk's, is
 * recorded there; one the store could not take is kept here and written before the next read. With
 * the store unreachable, `history` and `mayRemind` throw: no automatic reminder goes out.
 * The port it fills is `AutoRemindTeam` (../actions/auto-remind.ts).
 */

interface Reminder {
  signatureId: string;
  documentId: string;
  /** The reminding computer's time (ms), the clock its periods are counted in. */
  at: number;
  auto: boolean;
}

export interface TeamRemindersDeps {
  store: TeamStore;
  duties: TeamDuties;
  accountKey: (accountId: string) => Promise<string>;
  logger?: Logger;
}

export class TeamReminders {
  private unrecorded: { accountId: string; reminder: Reminder }[] = [];

  constructor(private readonly deps: TeamRemindersDeps) {}

  holdDuty(accountId: string): Promise<boolean> {
    return this.deps.duties.hold('auto-remind', accountId);
  }

  dropDuty(accountId: string): Promise<void> {
    return this.deps.duties.drop('auto-remind', accountId);
  }

  /** Every computer's reminders of the account, per signature: how many, the last one's time. */
  async history(accountId: string): Promise<{ subject: string; n: number; last: number | null }[]> {
    await this.flush();
    const rows = await this.deps.store.query<{ subject: string; n: string; last: Date }>(
      `SELECT signature_id AS subject, count(*) AS n, max(at) AS last FROM signdock.reminders WHERE account = $1 GROUP BY signature_id`,
      [await this.deps.accountKey(accountId)],
    );
    return rows.rows.map((row) => ({ subject: row.subject, n: Number(row.n), last: row.last.getTime() }));
  }

  /**
   * Before an automatic reminder goes out: this process still holds the duty, and no computer recorded a
   * reminder of the signer since `since` (this computer's time the job was queued, against the store's;
   * a skew between the two can only hold a reminder back, never send a second).
   */
  async mayRemind(accountId: string, signatureId: string, since: number): Promise<boolean> {
    await this.flush();
    if (!(await this.deps.duties.hold('auto-remind', accountId))) return false;
    const rows = await this.deps.store.query(
      `SELECT 1 FROM signdock.reminders WHERE account = $1 AND signature_id = $2 AND recorded_at >= to_timestamp($3::double precision / 1000) LIMIT 1`,
      [await this.deps.accountKey(accountId), signatureId, since],
    );
    return rows.rows.length === 0;
  }

  /** A reminder went out: written for every computer (kept here until the store takes it). */
  async record(accountId: string, reminder: Reminder): Promise<void> {
    this.unrecorded.push({ accountId, reminder });
    await this.flush().catch((error: unknown) =>
      this.deps.logger?.log('warn', 'team: a reminder could not be recorded yet; it will be', { error: String(error) }),
    );
  }

  private async flush(): Promise<void> {
    for (let next = this.unrecorded.shift(); next; next = this.unrecorded.shift()) {
      const { accountId, reminder } = next;
      try {
        await this.deps.store.query(
          `INSERT INTO signdock.reminders (account, signature_id, document_id, at, auto, computer)
           VALUES ($1, $2, $3, to_timestamp($4::double precision / 1000), $5, $6)`,
          [
            await this.deps.accountKey(accountId),
            reminder.signatureId,
            reminder.documentId,
            reminder.at,
            reminder.auto,
            this.deps.store.computer,
          ],
        );
      } catch (error) {
        this.unrecorded.unshift(next);
        throw error;
      }
    }
  }
}
