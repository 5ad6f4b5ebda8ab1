import pg from 'pg';
import type { Logger } from '../logging/logger';
import type { DutyChange, TeamDuties } from './team-duties';
import type { TeamStore } from './team-store';
import { teamFailure } from './team-words';
import { TeamWebhookCredentials } from './team-webhook-credentials';

/**
 * The notification listener of a team (issue 32): the service posts to one address, so one computer
 * listens (the duty `listener:<account>`, team-duties.ts) and the others learn from it.
 * - `listenWhile`: asks for the listener duty of each account and says when this computer holds one
 *   (the listener and its tunnel then run here) or no longer does; a computer that went away is
 *   replaced once its lease ran out, and the one that takes over says so in its log. With the store not
 *   answering, a computer listening goes on listening until it sees another computer holding the duty.
 * - `share`: each notification the listener stored goes into `signdock.notifications` (kept here
 *   until the store takes it); the store announces it (`NOTIFY signdock_notifications`).
 * - `receive`: a connection of its own LISTENs; on each announcement for one of this computer's
 *   accounts, the rows it has not seen (from other processes) are handed over, to be stored in this
 *   computer's inbox and their documents re-read, as the listener's computer does. Rows that came while
 *   the connection was down are read when it is back (reconnected with back-off).
 * Entries are the webhooks' inbox entries, carried as JSON (the local account id replaced by the team's).
 * The port it fills is `WebhookTeam` (../webhooks/webhook-service.ts).
 */

/** How long starting waits for the store's first answer on the listener duty. */
const firstAnswerMs = 3_000;

interface Entry {
  accountId: string;
}

export interface TeamNotificationsDeps {
  store: TeamStore;
  duties: TeamDuties;
  accountKey: (accountId: string) => Promise<string>;
  /** This computer's accounts. */
  accounts: () => readonly string[];
  logger?: Logger;
}

export class TeamNotifications<E extends Entry> {
  private unshared: E[] = [];

  /** The webhook's path token and HMAC secret, the team's (one address whoever listens). */
  readonly credentials: TeamWebhookCredentials;

  constructor(private readonly deps: TeamNotificationsDeps) {
    this.credentials = new TeamWebhookCredentials(deps.store, deps.accountKey);
  }

  async listenWhile(listen: (on: boolean) => Promise<void>): Promise<() => Promise<void>> {
    const { duties } = this.deps;
    const wanted = new Set<string>();
    let listening = false;
    let acting: Promise<void> = Promise.resolve();
    const decide = (change?: DutyChange) => {
      // The store not answering: a listener keeps listening (notifications are hints: two computers
      // listening costs a read, none listening loses them); it stops once another computer is seen holding it.
      if (listening && change && !change.held && !change.holder) return;
      const on = [...wanted].some((accountId) => duties.held('listener', accountId));
      if (on === listening) return;
      listening = on;
      acting = acting.then(() => listen(on)).catch(() => undefined);
    };
    const ask = () =>
      Promise.all(
        this.deps.accounts().map(async (accountId) => {
          if (wanted.has(accountId)) return;
          wanted.add(accountId);
          await duties.hold('listener', accountId, decide);
          decide();
        }),
      );
    // The first answer is waited for (so a `webhook serve` knows whether it listens), but not for long: a
    // store that does not answer must not hold up the rest of the background work.
    let waited: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([ask().then(() => acting), new Promise<void>((resolve) => (waited = setTimeout(resolve, firstAnswerMs)))]);
    clearTimeout(waited);
    // Accounts added later ask too.
    const timer = setInterval(() => void ask(), Math.max(50, Math.floor(duties.ttlMs / 3)));
    timer.unref?.();
    return async () => {
      clearInterval(timer);
      await Promise.all([...wanted].map((accountId) => duties.drop('listener', accountId)));
      await acting;
    };
  }

  share(entry: E): void {
    this.unshared.push(entry);
    void this.flush().catch((error: unknown) =>
      this.deps.logger?.log('warn', 'team: a notification could not be shared yet; it will be', { error: String(error) }),
    );
  }

  private async flush(): Promise<void> {
    for (let next = this.unshared.shift(); next; next = this.unshared.shift()) {
      try {
        const { accountId, ...entry } = next;
        await this.deps.store.query(`INSERT INTO signdock.notifications (account, holder, computer, entry) VALUES ($1, $2, $3, $4)`, [
          await this.deps.accountKey(accountId),
          this.deps.duties.holder,
          this.deps.store.computer,
          JSON.stringify(entry),
        ]);
      } catch (error) {
        this.unshared.unshift(next);
        throw error;
      }
    }
  }

  receive(take: (entries: E[]) => void): () => Promise<void> {
    const seen = new Map<string, number>();
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let backoff = 500;
    let reading: Promise<void> = Promise.resolve();

    /** The rows of each account (or of the one announced) not seen yet; the first time, only where they end. */
    const read = (announced?: string) =>
      (reading = reading.then(async () => {
        for (const accountId of this.deps.accounts()) {
          const account = await this.deps.accountKey(accountId);
          if (announced !== undefined && announced !== account) continue;
          const after = seen.get(account);
          if (after === undefined) {
            const end = await this.deps.store.query<{ last: string | null }>(
              'SELECT max(notification_id) AS last FROM signdock.notifications WHERE account = $1',
              [account],
            );
            seen.set(account, Number(end.rows[0]?.last ?? 0));
            continue;
          }
          const rows = await this.deps.store.query<{ notification_id: string; holder: string; entry: Omit<E, 'accountId'> }>(
            `SELECT notification_id, holder, entry FROM signdock.notifications WHERE account = $1 AND notification_id > $2 ORDER BY notification_id`,
            [account, after],
          );
          if (rows.rows.length === 0) continue;
          seen.set(account, Number(rows.rows.at(-1)!.notification_id));
          const theirs = rows.rows.filter((row) => row.holder !== this.deps.duties.holder);
          if (theirs.length > 0) take(theirs.map((row) => ({ ...row.entry, accountId }) as E));
        }
      })).catch((error: unknown) =>
        this.deps.logger?.log('warn', 'team: the team’s notifications could not be read', { error: String(error) }),
      );

    const again = () => {
      client?.removeAllListeners();
      void client?.end().catch(() => undefined);
      client = null;
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, backoff);
      retry.unref?.();
      backoff = Math.min(backoff * 2, 30_000);
    };
    const connect = async () => {
      const next = new pg.Client(this.deps.store.config.pool);
      client = next;
      next.on('error', (error) => {
        this.deps.logger?.log('warn', 'team: the notifications connection ended', {
          error: teamFailure(error, this.deps.store.config).message,
        });
        again();
      });
      next.on('end', () => client === next && again());
      next.on('notification', (message) => void read(message.payload));
      try {
        await next.connect();
        await next.query('LISTEN signdock_notifications');
        backoff = 500;
        await read();
      } catch (error) {
        if (client === next) {
          this.deps.logger?.log('warn', 'team: the team’s notifications cannot be followed yet', {
            error: teamFailure(error, this.deps.store.config).message,
          });
          again();
        }
      }
    };
    void connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => undefined);
      await reading;
    };
  }
}
