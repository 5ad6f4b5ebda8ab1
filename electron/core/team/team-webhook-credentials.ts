import type { TeamStore } from './team-store';

/**
 * One webhook address for a team (issue 32): the service posts to one URL, whose path token (and HMAC
 * secret, when set) must be the one the computer listening checks, whichever computer that is. So in a
 * team an account's webhook credentials are the team's, kept in `signdock.webhook_credentials` (read by
 * members only: a reviewer never sees them):
 * - `agree`: the first computer to ask offers its own (one `INSERT … ON CONFLICT DO NOTHING`); every
 *   computer then takes what the store holds, and keeps a copy in its keychain for the next start;
 * - `replace`: a rotation or a new HMAC secret on any computer is written here first, so the listener
 *   (this computer or the next to take the duty, which asks again before it listens) checks the new one.
 * Knowing a token lets someone post notifications; those are hints (each document is re-read from the
 * service), so the worst a forged one does is cost a read.
 */

interface WebhookSecrets {
  token: string;
  hmacSecret: string | null;
}

export class TeamWebhookCredentials {
  constructor(
    private readonly store: TeamStore,
    private readonly accountKey: (accountId: string) => Promise<string>,
  ) {}

  /** The team's credentials for the account, `local` offered when the team has none yet. */
  async agree(accountId: string, local: WebhookSecrets): Promise<WebhookSecrets> {
    await this.store.ready();
    const account = await this.accountKey(accountId);
    await this.store.query(
      `INSERT INTO signdock.webhook_credentials (account, token, hmac_secret, computer) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account) DO NOTHING`,
      [account, local.token, local.hmacSecret, this.store.computer],
    );
    const row = await this.store.query<{ token: string; hmac_secret: string | null }>(
      'SELECT token, hmac_secret FROM signdock.webhook_credentials WHERE account = $1',
      [account],
    );
    const found = row.rows[0];
    return found ? { token: found.token, hmacSecret: found.hmac_secret } : local;
  }

  /** Makes `secrets` the team's (a rotation, an HMAC secret set or cleared). Throws when the store cannot take it. */
  async replace(accountId: string, secrets: WebhookSecrets): Promise<void> {
    await this.store.ready();
    await this.store.query(
      `INSERT INTO signdock.webhook_credentials (account, token, hmac_secret, computer) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account) DO UPDATE SET token = excluded.token, hmac_secret = excluded.hmac_secret,
         computer = excluded.computer, updated_at = now()`,
      [await this.accountKey(accountId), secrets.token, secrets.hmacSecret, this.store.computer],
    );
  }
}
