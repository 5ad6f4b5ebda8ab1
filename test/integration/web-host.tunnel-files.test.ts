import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSshFile, MAX_SSH_KEY_BYTES } from '../../electron/core/webhooks/tunnel/ssh-files';
import { SshTunnel } from '../../electron/core/webhooks/tunnel/ssh-tunnel';
import { startTempWebHost, type TempWebHost } from '../helpers/temp-web-host';
import { freePort, startSshServer, type SshServer } from '../helpers/ssh-server';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 31, point 6: the web host never takes the SSH tunnel's key or known_hosts file as a path of
 * this computer from the browser (`/dev/zero` as key file was read for 5 GB): they come by upload, at
 * most 64 KB, said in words when larger; a path already saved by the desktop app or the CLI is kept as
 * it is. Wherever a key path comes from, only a regular file of bounded size is read: /dev/zero, a FIFO
 * and a huge file are refused at once. An uploaded key and known_hosts open a real tunnel to a real sshd.
 */

let web: TempWebHost;
let sshd: SshServer;
let files: ReturnType<typeof tempFolder>;
beforeAll(async () => {
  [web, sshd] = await Promise.all([startTempWebHost(), startSshServer()]);
  files = tempFolder();
});
afterAll(async () => {
  await Promise.all([web.close(), sshd.stop()]);
  files.remove();
});

const call = async (op: string, input: unknown) => {
  const res = await request(`${web.host.origin}/api/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signdock-token': web.host.token },
    body: JSON.stringify({ op, input }),
  });
  return (await res.body.json()) as { ok: boolean; value?: unknown; error?: { message: string; fields?: Record<string, string[]> } };
};
const upload = async (kind: string, body: Buffer) => {
  const res = await request(`${web.host.origin}/api/tunnel-file?for=${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-signdock-token': web.host.token },
    body,
  });
  return {
    status: res.statusCode,
    body: (await res.body.json()) as { ok: boolean; value?: { path: string }; error?: { message: string } },
  };
};
const ssh = (identityFile: string | null, knownHostsFile: string | null) => ({
  host: '127.0.0.1',
  port: sshd.port,
  user: sshd.user,
  auth: 'key' as const,
  identityFile,
  remotePort: 40_000,
  publicBaseUrl: 'https://hooks.example.com',
  knownHostsFile,
});

describe('the SSH tunnel files from a browser', () => {
  it('refuses a host path for the key or known_hosts, and saves nothing', async () => {
    for (const [key, knownHosts, field] of [
      ['/dev/zero', null, 'ssh.identityFile'],
      [sshd.identityFile, null, 'ssh.identityFile'],
      [null, '/etc/passwd', 'ssh.knownHostsFile'],
    ] as const) {
      const answer = await call('tunnel.saveSettings', { provider: 'ssh', ssh: ssh(key ?? '/dev/null', knownHosts) });
      expect(answer.ok).toBe(false);
      expect(answer.error?.message).toMatch(/not a path on this computer/);
      expect(Object.keys(answer.error?.fields ?? {})).toContain(field);
    }
    expect(((await call('tunnel.settings', {})).value as { ssh: unknown }).ssh).toBeNull();
  });

  it('takes the key and known_hosts by upload (owner-only), and they open a real tunnel', async () => {
    const key = await upload('sshKey', readFileSync(sshd.identityFile));
    const knownHosts = await upload('knownHosts', readFileSync(sshd.knownHostsFile));
    expect([key.status, knownHosts.status]).toEqual([200, 200]);
    const keyPath = key.body.value!.path;
    const knownHostsPath = knownHosts.body.value!.path;
    expect(keyPath.startsWith(web.dataFolder)).toBe(true);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    const saved = await call('tunnel.saveSettings', { provider: 'ssh', ssh: ssh(keyPath, knownHostsPath) });
    expect(saved.ok).toBe(true);
    // Saving again unchanged (the form sends the saved paths back) is fine.
    expect((await call('tunnel.saveSettings', { provider: 'ssh', ssh: ssh(keyPath, knownHostsPath) })).ok).toBe(true);

    const remotePort = await freePort();
    const tunnel = new SshTunnel({
      ...ssh(keyPath, knownHostsPath),
      remotePort,
      publicBaseUrl: `http://127.0.0.1:${remotePort}/`,
      pinnedFingerprint: null,
    });
    try {
      expect(await tunnel.start(await freePort())).toBe(`http://127.0.0.1:${remotePort}`);
    } finally {
      await tunnel.stop();
    }
  });

  it('refuses an upload over 64 KB in words', async () => {
    const big = await upload('sshKey', Buffer.alloc(64 * 1024 + 1, 'a'));
    expect(big.status).toBe(413);
    expect(big.body.error?.message).toMatch(/at most 64 KB/);
    expect((await upload('sshKey', Buffer.alloc(0))).status).toBe(400);
    expect((await upload('elsewhere', Buffer.from('x'))).status).toBe(400);
  });
});

describe('reading a key file anywhere', () => {
  it('refuses /dev/zero, a FIFO, a folder and a 5 GB file at once as the key (as the CLI or desktop may name them), reading none', async () => {
    const fifo = join(files.path, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const huge = join(files.path, 'huge');
    writeFileSync(huge, '');
    execFileSync('truncate', ['-s', '5G', huge]);
    const started = Date.now();
    for (const path of ['/dev/zero', fifo, files.path, huge]) {
      const tunnel = new SshTunnel({ ...ssh(path, sshd.knownHostsFile), pinnedFingerprint: null });
      await expect(tunnel.start(await freePort()), path).rejects.toMatchObject({ problemCode: 'sshKeyUnreadable' });
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const [path, reason] of [
      ['/dev/zero', 'notRegular'],
      [fifo, 'notRegular'],
      [files.path, 'notRegular'],
      [huge, 'tooLarge'],
      [join(files.path, 'none'), 'missing'],
    ] as const) {
      await expect(readSshFile(path, MAX_SSH_KEY_BYTES)).rejects.toMatchObject({ reason });
    }
    await expect(readSshFile(sshd.identityFile, MAX_SSH_KEY_BYTES)).resolves.toEqual(readFileSync(sshd.identityFile));
  }, 20_000);
});
