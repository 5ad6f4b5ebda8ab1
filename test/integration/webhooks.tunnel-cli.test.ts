import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/run-cli';
import { freePort, startSshServer, type SshServer } from '../helpers/ssh-server';
import { tempFolder } from '../helpers/temp-folder';
import { post, startSandboxProcess, waitUntil } from './fixtures/webhook-helpers';

// `webhook serve --tunnel ssh://…` for a server receiving notifications on behalf of the office: the
// key and address come from the environment (no keychain), the first stdout line is the public URL.
describe('CLI webhook serve through an SSH tunnel', () => {
  let sshd: SshServer;
  let sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;
  let home: ReturnType<typeof tempFolder>;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    [sshd, sandbox] = await Promise.all([startSshServer(), startSandboxProcess(28)]);
    home = tempFolder();
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await Promise.all([sshd?.stop(), sandbox?.stop()]);
    home?.remove();
  });

  const env = () => ({ SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url, SSH_AUTH_SOCK: '' });

  it('prints {"url"} first — the public URL with the secret path — and notifications through it are taken', async () => {
    const remotePort = await freePort();
    const args = [
      '--home',
      home.path,
      '--json',
      'webhook',
      'serve',
      '--tunnel',
      `ssh://${sshd.user}@127.0.0.1:${sshd.port}`,
      '--remote-port',
      String(remotePort),
      '--public-url',
      `http://127.0.0.1:${remotePort}`,
      '--identity',
      sshd.identityFile,
      '--known-hosts',
      sshd.knownHostsFile,
    ];
    const serving = spawnCli(args, { env: env() });
    child = serving;
    let stderr = '';
    serving.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      serving.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
      });
      serving.once('exit', (code) => reject(new Error(`webhook serve exited (${code}): ${stderr}`)));
    });
    const { url } = JSON.parse(line) as { url: string };
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${remotePort}/hooks/[A-Za-z0-9_-]{43}$`));
    const taken = await post(url, JSON.stringify({ notification_id: 'cli-1', notification_action: 'TU' }));
    expect(taken.status).toBe(200);
    expect((await post(`http://127.0.0.1:${remotePort}/hooks/wrong`, '{}')).status).toBe(404);
  });

  it('Ctrl+C closes the tunnel: the SSH session on the server ends with the process', async () => {
    const serving = child;
    if (!serving) throw new Error('webhook serve is not running');
    expect(sshd.sessionPids().length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => serving.once('exit', (code) => resolve(code)));
    serving.kill('SIGINT');
    expect(await exited).toBe(0);
    await waitUntil(() => sshd.sessionPids().length === 0, 10_000, 'the SSH session to end');
  });

  it('an unknown server key stops it in words, with the fingerprint to check', async () => {
    const empty = join(sshd.dir, 'known_hosts_cli_empty');
    writeFileSync(empty, '');
    const run = await runCli(
      [
        '--home',
        home.path,
        'webhook',
        'serve',
        '--tunnel',
        `ssh://${sshd.user}@127.0.0.1:${sshd.port}`,
        '--remote-port',
        String(await freePort()),
        '--identity',
        sshd.identityFile,
        '--known-hosts',
        empty,
      ],
      { env: env() },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('is not known yet');
    expect(run.stderr).toContain(sshd.hostKey.fingerprint);
    expect(run.stderr).toContain('ssh-keyscan');
  });

  it('a bad --tunnel is a usage error naming the option', async () => {
    const run = await runCli(['--home', home.path, 'webhook', 'serve', '--tunnel', 'ssh://127.0.0.1'], { env: env() });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--tunnel');
  });
});
