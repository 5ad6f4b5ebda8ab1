import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { sshTunnelSettingsSchema } from '../../../shared/domain/webhooks';
import type { TunnelSpec } from '../../core/webhooks/tunnel/tunnel-factory';
import { UsageError } from '../io';

export interface TunnelFlags {
  tunnel: string;
  remotePort?: string | undefined;
  publicUrl?: string | undefined;
  identity?: string | undefined;
  knownHosts?: string | undefined;
  domain?: string | undefined;
}

/** The private keys `ssh` itself tries when none is named and no agent runs. */
const defaultIdentities = ['id_ed25519', 'id_ecdsa', 'id_rsa'].map((name) => join(homedir(), '.ssh', name));

/**
 * `--tunnel ngrok|ssh://USER@HOST[:PORT]` and its options as the tunnel settings of this run only.
 * ssh: the key is `--identity`, else the SSH agent (SSH_AUTH_SOCK), else ~/.ssh/id_ed25519, id_ecdsa
 * or id_rsa; the public URL defaults to http://HOST:REMOTE_PORT (a server with GatewayPorts).
 */
export function tunnelSpecFrom(
  flags: TunnelFlags,
  env: NodeJS.ProcessEnv,
  path: (typed: string) => string,
  stored: TunnelSpec,
): TunnelSpec {
  if (flags.tunnel === 'ngrok') {
    const domain = flags.domain?.trim() || stored.ngrok.domain;
    return { provider: 'ngrok', ngrok: { domain: domain ?? null }, ssh: null, pinnedFingerprint: null };
  }
  let url: URL;
  try {
    url = new URL(flags.tunnel);
  } catch {
    throw new UsageError('--tunnel is "ngrok" or ssh://USER@HOST[:PORT] (for example ssh://hooks@tunnel.example.com).');
  }
  if (url.protocol !== 'ssh:' || !url.username || !url.hostname || url.pathname.replace(/^\/$/, '') !== '' || url.password) {
    throw new UsageError(
      '--tunnel is "ngrok" or ssh://USER@HOST[:PORT] (for example ssh://hooks@tunnel.example.com), without a password or path.',
    );
  }
  if (flags.remotePort === undefined)
    throw new UsageError('--remote-port N is needed with an SSH tunnel: the port the server opens for SignDock.');
  const remotePort = Number(flags.remotePort);
  const host = url.hostname;
  const identity = flags.identity !== undefined ? path(flags.identity) : undefined;
  const agent = identity === undefined && (env.SSH_AUTH_SOCK ?? '') !== '';
  const identityFile = identity ?? (agent ? null : (defaultIdentities.find((file) => existsSync(file)) ?? null));
  if (!agent && identityFile === null)
    throw new UsageError('No SSH key: pass --identity FILE, or start an SSH agent holding the key (ssh-add).');
  const parsed = sshTunnelSettingsSchema.safeParse({
    host,
    port: url.port === '' ? 22 : Number(url.port),
    user: decodeURIComponent(url.username),
    auth: agent ? 'agent' : 'key',
    identityFile,
    remotePort,
    publicBaseUrl: flags.publicUrl ?? `http://${host}:${remotePort}`,
    knownHostsFile: flags.knownHosts !== undefined ? path(flags.knownHosts) : null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag =
      {
        remotePort: '--remote-port',
        publicBaseUrl: '--public-url',
        user: 'USER in --tunnel',
        host: 'HOST in --tunnel',
        port: 'PORT in --tunnel',
      }[String(issue?.path[0])] ?? '--tunnel';
    throw new UsageError(`${flag}: ${issue?.message ?? 'not valid'}`);
  }
  // The server's key was confirmed in the app for this very server: keep trusting it.
  const sameServer = stored.ssh !== null && stored.ssh.host.toLowerCase() === host.toLowerCase() && stored.ssh.port === parsed.data.port;
  return {
    provider: 'ssh',
    ngrok: stored.ngrok,
    ssh: parsed.data,
    pinnedFingerprint: sameServer && flags.knownHosts === undefined ? stored.pinnedFingerprint : null,
  };
}
