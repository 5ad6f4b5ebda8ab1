import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redactor } from '../logging/redact';
import type { SecretStore } from '../secrets/secret-store';
import type { WebhookTeam } from './webhook-service-options';

/** Secret-store ids: the path token and the optional HMAC secret of an account's webhook. */
export const tokenSecretId = (accountId: string): string => `webhook-token:${accountId}`;
export const hmacSecretId = (accountId: string): string => `webhook-hmac:${accountId}`;

interface Credentials {
  token: string;
  /** The token's bytes, compared in constant time (a token's length is no secret: every token has 43 characters). */
  bytes: Buffer;
  hmacSecret: string | null;
}

/** A fresh path token: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Each account's webhook path token (one per account, rotatable) and optional HMAC secret. Both live
 * in the secret store; this keeps a copy in memory so the listener can match a request without I/O.
 * Tokens are registered with the redactor so that no log line can carry one. In a team they are the
 * team's (`team`): agreed in its store (`agree`), and a rotation or a new secret is written there first
 * (refused, with the store's words, when it cannot be), so whichever computer listens checks the same.
 */
export class WebhookCredentials {
  private readonly byAccount = new Map<string, Credentials>();

  constructor(
    private readonly secrets: SecretStore,
    private readonly redactor?: Redactor,
    private readonly team?: WebhookTeam['credentials'],
  ) {}

  /** In a team: takes the team's token and secret for the account (this computer's are offered when it has none). */
  async agree(accountId: string): Promise<void> {
    const local = this.current(accountId);
    if (this.team && local) await this.adopt(accountId, await this.team.agree(accountId, local));
  }

  /** Loads an account's credentials, creating its token on first use. */
  async load(accountId: string): Promise<void> {
    let token = await this.secrets.get(tokenSecretId(accountId));
    if (token === null || token === '') {
      token = newToken();
      await this.secrets.set(tokenSecretId(accountId), token);
    }
    const hmacSecret = await this.secrets.get(hmacSecretId(accountId));
    this.remember(accountId, token, hmacSecret === '' ? null : hmacSecret);
  }

  /** The account's token and HMAC secret as loaded (null before `load`). */
  current(accountId: string): { token: string; hmacSecret: string | null } | null {
    const credentials = this.byAccount.get(accountId);
    return credentials ? { token: credentials.token, hmacSecret: credentials.hmacSecret } : null;
  }

  /** Takes `secrets` as the account's (a team's, agreed in its store), kept in the secret store for the next start. */
  async adopt(accountId: string, secrets: { token: string; hmacSecret: string | null }): Promise<void> {
    const current = this.current(accountId);
    if (current?.token === secrets.token && current.hmacSecret === secrets.hmacSecret) return;
    await this.secrets.set(tokenSecretId(accountId), secrets.token);
    if (secrets.hmacSecret === null) await this.secrets.delete(hmacSecretId(accountId));
    else await this.secrets.set(hmacSecretId(accountId), secrets.hmacSecret);
    this.remember(accountId, secrets.token, secrets.hmacSecret);
  }

  accounts(): string[] {
    return [...this.byAccount.keys()];
  }

  token(accountId: string): string | null {
    return this.byAccount.get(accountId)?.token ?? null;
  }

  hasHmacSecret(accountId: string): boolean {
    return (this.byAccount.get(accountId)?.hmacSecret ?? null) !== null;
  }

  /**
   * The account a path token belongs to, compared in constant time against every account's token of
   * the same length (no hash per request: it cost a notification more than its parsing).
   */
  accountFor(candidate: string): string | null {
    const given = Buffer.from(candidate, 'utf8');
    let found: string | null = null;
    for (const [accountId, credentials] of this.byAccount) {
      if (given.length === credentials.bytes.length && timingSafeEqual(given, credentials.bytes) && found === null) found = accountId;
    }
    return found;
  }

  /**
   * Checks `x-signature-sha256` (hex HMAC-SHA256 of the raw body; a `sha256=` prefix is tolerated).
   * Accounts without a secret accept every body: the path token is their only check.
   */
  verify(accountId: string, raw: Buffer, header: string | undefined): boolean {
    const secret = this.byAccount.get(accountId)?.hmacSecret ?? null;
    if (secret === null) return true;
    if (header === undefined) return false;
    const given = Buffer.from(
      header
        .trim()
        .toLowerCase()
        .replace(/^sha256=/, ''),
      'utf8',
    );
    const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Replaces the account's token: from now on the old path answers 404. Returns the new token. */
  async rotate(accountId: string): Promise<string> {
    const token = newToken();
    await this.team?.replace(accountId, { token, hmacSecret: this.byAccount.get(accountId)?.hmacSecret ?? null });
    await this.secrets.set(tokenSecretId(accountId), token);
    this.remember(accountId, token, this.byAccount.get(accountId)?.hmacSecret ?? null);
    return token;
  }

  async setHmacSecret(accountId: string, secret: string): Promise<void> {
    if (secret.trim() === '') throw new Error('The webhook secret is empty.');
    const token = this.byAccount.get(accountId)?.token;
    if (token) await this.team?.replace(accountId, { token, hmacSecret: secret });
    await this.secrets.set(hmacSecretId(accountId), secret);
    const current = this.byAccount.get(accountId);
    if (current) current.hmacSecret = secret;
    else await this.load(accountId);
    this.redactor?.add(secret);
  }

  async clearHmacSecret(accountId: string): Promise<void> {
    const token = this.byAccount.get(accountId)?.token;
    if (token) await this.team?.replace(accountId, { token, hmacSecret: null });
    await this.secrets.delete(hmacSecretId(accountId));
    const current = this.byAccount.get(accountId);
    if (current) current.hmacSecret = null;
  }

  /** Deletes the account's token and secret (the account is being removed). */
  async forget(accountId: string): Promise<void> {
    this.byAccount.delete(accountId);
    await this.secrets.delete(tokenSecretId(accountId));
    await this.secrets.delete(hmacSecretId(accountId));
  }

  private remember(accountId: string, token: string, hmacSecret: string | null): void {
    this.redactor?.add(token);
    if (hmacSecret !== null) this.redactor?.add(hmacSecret);
    this.byAccount.set(accountId, { token, bytes: Buffer.from(token, 'utf8'), hmacSecret });
  }
}
