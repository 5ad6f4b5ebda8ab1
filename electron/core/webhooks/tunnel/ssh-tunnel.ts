import { connect, type Socket } from 'node:net';
import { homedir } from 'node:os';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import type { Client, ConnectConfig, ServerHostKeyAlgorithm } from 'ssh2';
import type { SshTunnelSettings } from '../../../../shared/domain/webhooks';
import type { Tunnel, TunnelEvents } from '../tunnel';
import { checkKnownHosts, hostKeyInfo, knownKeyTypes } from './known-hosts';
import { connectSsh } from './ssh-socket';
import { loadSsh2 } from './ssh2-loader';
import { MAX_KNOWN_HOSTS_BYTES, MAX_SSH_KEY_BYTES, SshFileRefused, readSshFile } from './ssh-files';
import { TunnelFailure, type HostKeySeen } from './tunnel-failure';

export interface SshTunnelOptions extends SshTunnelSettings {
  /** The server key the user confirmed once; checked instead of known_hosts. */
  pinnedFingerprint: string | null;
  /** The SSH agent's socket (default SSH_AUTH_SOCK). */
  agentSocket?: string | undefined;
  /** How long the connection may take (default 20 s). */
  readyTimeoutMs?: number;
}

/** The signature algorithms of each key type known_hosts can list. */
const algorithmsOf: Record<string, ServerHostKeyAlgorithm[]> = {
  'ssh-ed25519': ['ssh-ed25519'],
  'ssh-rsa': ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'],
  'ecdsa-sha2-nistp256': ['ecdsa-sha2-nistp256'],
  'ecdsa-sha2-nistp384': ['ecdsa-sha2-nistp384'],
  'ecdsa-sha2-nistp521': ['ecdsa-sha2-nistp521'],
};

/**
 * A reverse tunnel to the organisation's SSH server, as `ssh -R <remotePort>:127.0.0.1:<listener>`
 * does: the server listens on `remotePort` and every connection to it is carried here and handed to
 * the webhook listener, which applies its secret path, caps and signature check as to any request.
 * The server's key is checked first (a pinned fingerprint, else known_hosts); a key that differs is
 * refused, never accepted; an unknown one is shown to be confirmed once.
 */
export class SshTunnel implements Tunnel {
  readonly name = 'ssh';
  private client: Client | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly channels = new Set<Duplex>();

  constructor(private readonly options: SshTunnelOptions) {}

  async start(localPort: number, events?: TunnelEvents): Promise<string> {
    const o = this.options;
    const auth = await this.credentials();
    const knownHosts = o.pinnedFingerprint ? '' : await this.knownHosts();
    const preferred = knownKeyTypes(knownHosts, o.host, o.port).flatMap((type) => algorithmsOf[type] ?? []);
    let verdict: TunnelFailure | null = null;
    const hostVerifier = (key: Buffer): boolean => {
      const { keyType, fingerprint } = hostKeyInfo(key);
      const seen: HostKeySeen = { host: o.host, port: o.port, keyType, fingerprint };
      const params = { host: o.host, fingerprint };
      if (o.pinnedFingerprint) {
        if (fingerprint === o.pinnedFingerprint) return true;
        verdict = new TunnelFailure('sshHostKeyChanged', params, seen);
        return false;
      }
      const check = checkKnownHosts(knownHosts, o.host, o.port, key);
      if (check.kind === 'match') return true;
      verdict = new TunnelFailure(check.kind === 'changed' ? 'sshHostKeyChanged' : 'sshHostKeyUnknown', params, seen);
      return false;
    };

    const client = new (loadSsh2().Client)();
    this.client = client;
    await new Promise<void>((resolve, reject) => {
      let ready = false;
      const host = o.host.replace(/^\[(.*)\]$/, '$1');
      const connection = connectSsh(host, o.port);
      client.on('ready', () => {
        ready = true;
        // The packet that carries our ACK: "no-more-sessions@openssh.com" without asking for a reply, which
        // OpenSSH's own client sends once a connection (the tunnel never opens a session; saying so again
        // changes nothing). ssh2 sends it to OpenSSH servers only; to another server nothing is sent.
        connection.acknowledgeWith(() => noMoreSessions(client));
        // 127.0.0.1, not "localhost": sshd would take the port on ::1 alone when another program holds it
        // on 127.0.0.1, and the server's proxy would reach that program instead. GatewayPorts yes: all interfaces.
        client.forwardIn('127.0.0.1', o.remotePort, (error) => {
          if (error) reject(new TunnelFailure('sshPortTaken', { host: o.host, port: o.remotePort }));
          else resolve();
        });
      });
      client.on('error', (error: Error & { code?: string; level?: string }) => {
        if (!ready) reject(verdict ?? connectFailure(error, o));
        else events?.lost(new TunnelFailure('sshConnectionLost', { host: o.host }));
      });
      client.on('close', () => {
        if (!ready) reject(verdict ?? new TunnelFailure('sshConnectionLost', { host: o.host }));
        else if (this.client === client) events?.lost(new TunnelFailure('sshConnectionLost', { host: o.host }));
      });
      client.on('tcp connection', (_info, accept) => {
        const stream = accept();
        if (events?.connection) this.hand(stream, events.connection);
        else this.carry(stream, localPort);
      });
      client.connect({
        // Our own socket: Nagle off, each turn's packets written together, the server's data ACKed at once (ssh-socket.ts).
        sock: connection.socket,
        host,
        port: o.port,
        username: o.user,
        ...auth,
        hostVerifier,
        readyTimeout: o.readyTimeoutMs ?? 20_000,
        // A dead connection (sleep, a cut network, a server gone) is noticed within ~45 s.
        keepaliveInterval: 15_000,
        keepaliveCountMax: 3,
        ...(preferred.length > 0 ? { algorithms: { serverHostKey: preferred } } : {}),
      });
    }).catch(async (error: unknown) => {
      await this.stop();
      throw error;
    });
    return o.publicBaseUrl.replace(/\/+$/, '');
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    for (const channel of this.channels) channel.destroy();
    this.channels.clear();
    if (!client) return;
    await new Promise<void>((resolve) => {
      client.once('close', () => resolve());
      client.end();
      setTimeout(() => {
        client.destroy();
        resolve();
      }, 2000).unref();
    });
  }

  /**
   * One connection arriving on the server's port, handed to the listener in this process as the SSH
   * channel itself: the HTTP server reads and answers it like a socket. A tunneled notification then
   * costs its SSH packets only, not also a loopback connection's two writes and two reads each way.
   */
  private hand(stream: Duplex, connection: (stream: Duplex) => void): void {
    this.channels.add(stream);
    stream.once('close', () => this.channels.delete(stream));
    connection(stream);
  }

  /** One connection arriving on the server's port, handed to the listener on 127.0.0.1 (a listener in another process). */
  private carry(stream: NodeJS.ReadWriteStream & { destroy(): void }, localPort: number): void {
    const socket = connect({ port: localPort, host: '127.0.0.1', noDelay: true });
    this.sockets.add(socket);
    const close = () => {
      this.sockets.delete(socket);
      socket.destroy();
      stream.destroy();
    };
    socket.on('error', close);
    socket.on('close', close);
    stream.on('error', close);
    stream.pipe(socket).pipe(stream);
  }

  private async credentials(): Promise<Pick<ConnectConfig, 'privateKey' | 'agent'>> {
    const o = this.options;
    if (o.auth === 'agent') {
      const agent = o.agentSocket ?? process.env.SSH_AUTH_SOCK ?? (process.platform === 'win32' ? 'pageant' : '');
      if (!agent) throw new TunnelFailure('sshNoAgent');
      return { agent };
    }
    const file = o.identityFile ?? '';
    let text: Buffer;
    try {
      text = await readSshFile(file, MAX_SSH_KEY_BYTES);
    } catch {
      throw new TunnelFailure('sshKeyUnreadable', { file });
    }
    const parsed = loadSsh2().utils.parseKey(text);
    if (parsed instanceof Error) {
      throw new TunnelFailure(/encrypt|passphrase/i.test(parsed.message) ? 'sshKeyEncrypted' : 'sshKeyUnreadable', { file });
    }
    return { privateKey: text };
  }

  private async knownHosts(): Promise<string> {
    const file = this.options.knownHostsFile ?? join(homedir(), '.ssh', 'known_hosts');
    try {
      return (await readSshFile(file, MAX_KNOWN_HOSTS_BYTES)).toString('utf8');
    } catch (error) {
      // No ~/.ssh/known_hosts yet: every server is unknown (to be confirmed once). A file named in the settings must be there.
      if (error instanceof SshFileRefused && error.reason === 'missing' && this.options.knownHostsFile === null) return '';
      throw new TunnelFailure('sshKnownHostsUnreadable', { file });
    }
  }
}

/** `openssh_noMoreSessions` without a callback: no reply asked (ssh2's types want the callback). */
const noMoreSessions = (client: Client) => (client.openssh_noMoreSessions as (this: Client, cb?: () => void) => Client).call(client);

/** A connection that did not come up, in words. */
function connectFailure(error: Error & { code?: string; level?: string }, o: SshTunnelOptions): TunnelFailure {
  const where = { host: o.host, port: o.port };
  if (error.level === 'client-authentication') return new TunnelFailure('sshAuthRefused', { host: o.host, user: o.user });
  if (error.level === 'client-timeout' || error.code === 'ETIMEDOUT') return new TunnelFailure('sshTimeout', where);
  switch (error.code) {
    case 'ENOTFOUND':
      return new TunnelFailure('sshHostNotFound', where);
    case 'ECONNREFUSED':
      return new TunnelFailure('sshUnreachable', where);
    case 'EAI_AGAIN':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
    case 'ENETDOWN':
      return new TunnelFailure('noNetwork', { host: o.host });
    case 'ECONNRESET':
      return new TunnelFailure('sshConnectionLost', { host: o.host });
    default:
      return new TunnelFailure('sshFailed', { host: o.host, detail: error.message.slice(0, 200) });
  }
}
