import { AppError } from '../../../../shared/contract/errors';
import {
  ngrokSettingsSchema,
  sshTunnelSettingsSchema,
  tunnelProviders,
  type NgrokSettings,
  type SshTunnelSettings,
  type TunnelProvider,
  type TunnelSettingsInput,
} from '../../../../shared/domain/webhooks';
import type { Db } from '../../db/database';

/** The tunnel's settings as kept in `webhook_settings` (key `tunnel`; `useTunnel` says whether it starts with the app). No secret is here. */
export interface StoredTunnelSettings {
  provider: TunnelProvider;
  ngrok: NgrokSettings;
  ssh: SshTunnelSettings | null;
  /** The SSH server key the user confirmed once (`SHA256:…`). */
  pinnedFingerprint: string | null;
}

const defaultTunnelSettings: StoredTunnelSettings = { provider: 'none', ngrok: { domain: null }, ssh: null, pinnedFingerprint: null };

const upsertSql = 'INSERT INTO webhook_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value';

export class TunnelSettingsRepo {
  constructor(private readonly db: Db) {}

  get(): StoredTunnelSettings {
    const row = this.db.prepare("SELECT value FROM webhook_settings WHERE key = 'tunnel'").get() as { value: string } | undefined;
    if (!row) return { ...defaultTunnelSettings };
    try {
      const value = JSON.parse(row.value) as Partial<StoredTunnelSettings>;
      const ngrok = ngrokSettingsSchema.safeParse(value.ngrok);
      const ssh = sshTunnelSettingsSchema.safeParse(value.ssh);
      return {
        provider: tunnelProviders.includes(value.provider as TunnelProvider) ? (value.provider as TunnelProvider) : 'none',
        ngrok: ngrok.success ? ngrok.data : { domain: null },
        ssh: ssh.success ? ssh.data : null,
        pinnedFingerprint: typeof value.pinnedFingerprint === 'string' ? value.pinnedFingerprint : null,
      };
    } catch {
      return { ...defaultTunnelSettings };
    }
  }

  /** Saves a provider and its details; a new SSH server (host or port) forgets the confirmed key. */
  save(input: TunnelSettingsInput): StoredTunnelSettings {
    const before = this.get();
    const ssh = input.ssh === undefined ? before.ssh : input.ssh === null ? null : sshTunnelSettingsSchema.parse(input.ssh);
    if (input.provider === 'ssh' && ssh === null) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'webhooks.tunnel.sshNotSet',
        fields: { ssh: ['Fill in the SSH server’s details.'] },
        message: 'Fill in the SSH server’s details (server, user, key, remote port, public address) first.',
      });
    }
    if (ssh?.auth === 'key' && ssh.identityFile === null) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'invalidInput',
        fields: { 'ssh.identityFile': ['Pick the private key file, or choose the SSH agent.'] },
        message: 'Pick the private key file, or choose the SSH agent.',
      });
    }
    const sameServer =
      ssh !== null && before.ssh !== null && ssh.host.toLowerCase() === before.ssh.host.toLowerCase() && ssh.port === before.ssh.port;
    const next: StoredTunnelSettings = {
      provider: input.provider,
      ngrok: input.ngrok
        ? { domain: input.ngrok.domain === null || input.ngrok.domain.trim() === '' ? null : input.ngrok.domain.trim().toLowerCase() }
        : before.ngrok,
      ssh,
      pinnedFingerprint: sameServer ? before.pinnedFingerprint : null,
    };
    this.write(next);
    return next;
  }

  pin(fingerprint: string | null): void {
    this.write({ ...this.get(), pinnedFingerprint: fingerprint });
  }

  /** Whether the tunnel opens with the app (the listener's `useTunnel`). */
  enabled(): boolean {
    const row = this.db.prepare("SELECT value FROM webhook_settings WHERE key = 'useTunnel'").get() as { value: string } | undefined;
    return row?.value === 'true';
  }

  setEnabled(enabled: boolean): void {
    this.db.prepare(upsertSql).run('useTunnel', JSON.stringify(enabled));
  }

  private write(settings: StoredTunnelSettings): void {
    this.db.prepare(upsertSql).run('tunnel', JSON.stringify(settings));
  }
}
