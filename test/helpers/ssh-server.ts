import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import type { SshTunnelSettings } from '../../shared/domain/webhooks';
import { hostKeyInfo } from '../../electron/core/webhooks/tunnel/known-hosts';
import { tempFolder } from './temp-folder';

export const SSHD = '/usr/sbin/sshd';

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface SshServer {
  port: number;
  user: string;
  dir: string;
  /** The user's private key file (OpenSSH format, no passphrase). */
  identityFile: string;
  /** A known_hosts file that lists this server's key. */
  knownHostsFile: string;
  /** The server's key as a known_hosts line's key part (`ssh-ed25519 AAAA…`) and its SHA256 fingerprint. */
  hostKey: { line: string; fingerprint: string };
  /** The per-connection sshd processes (children of the listening sshd). */
  sessionPids(): number[];
  /** Kills every SSH session (the connection drops as on a network cut); resolves when they are gone. */
  killSessions(): Promise<void>;
  stop(): Promise<void>;
}

const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid ? [Number(name)] : [];
      } catch {
        return [];
      }
    });

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * Debian's OpenSSH server on a free port of 127.0.0.1, as the current user, with a throw-away host key
 * and user key in a temporary folder and its own sshd_config (remote forwarding allowed on loopback).
 */
/** Tunnel settings for SignDock's SSH tunnel to this server (key file, its known_hosts), the server listening on `remotePort`. */
export function sshTunnelTo(server: SshServer, remotePort: number): SshTunnelSettings {
  return {
    host: '127.0.0.1',
    port: server.port,
    user: server.user,
    auth: 'key',
    identityFile: server.identityFile,
    remotePort,
    publicBaseUrl: `http://127.0.0.1:${remotePort}`,
    knownHostsFile: server.knownHostsFile,
  };
}

export async function startSshServer(): Promise<SshServer> {
  const folder = tempFolder('signdock-sshd-');
  const dir = folder.path;
  const user = userInfo().username;
  const host = ssh2.utils.generateKeyPairSync('ed25519');
  const client = ssh2.utils.generateKeyPairSync('ed25519', { comment: 'signdock-test' });
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text.endsWith('\n') ? text : `${text}\n`, { mode: 0o600 });
    return join(dir, name);
  };
  const hostKeyFile = write('host_ed25519', host.private);
  const identityFile = write('id_ed25519', client.private);
  write('authorized_keys', client.public);
  const port = await freePort();
  const [type, base64] = host.public.trim().split(/\s+/) as [string, string];
  const knownHostsFile = write('known_hosts', `[127.0.0.1]:${port} ${type} ${base64}`);
  const config = write(
    'sshd_config',
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKeyFile}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      `AllowUsers ${user}`,
      'PermitRootLogin prohibit-password',
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'AllowTcpForwarding yes',
      'GatewayPorts no',
      'PermitTTY no',
      'X11Forwarding no',
      'LogLevel VERBOSE',
    ].join('\n'),
  );
  // As root, OpenSSH wants its privilege separation directory (Debian's package makes it at boot).
  if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const sshd = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    sshd.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Server listening on')) resolve();
    });
    sshd.once('exit', (code) => reject(new Error(`sshd stopped (exit ${code}): ${log}`)));
    sshd.once('error', reject);
  });
  const sessionPids = () => (sshd.pid ? childrenOf(sshd.pid) : []);
  return {
    port,
    user,
    dir,
    identityFile,
    knownHostsFile,
    hostKey: { line: `${type} ${base64}`, fingerprint: hostKeyInfo(Buffer.from(base64, 'base64')).fingerprint },
    sessionPids,
    async killSessions() {
      const pids = sessionPids();
      for (const pid of pids) process.kill(pid, 'SIGKILL');
      await new Promise<void>((resolve) => {
        const look = () =>
          pids.every((pid) => !existsSync(`/proc/${pid}/stat`) || readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'))
            ? resolve()
            : setTimeout(look, 10);
        look();
      });
    },
    async stop() {
      sshd.kill('SIGTERM');
      await exited(sshd);
      folder.remove();
    },
  };
}
