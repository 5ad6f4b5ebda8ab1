import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { TunnelSettings, TunnelStatus } from '../../shared/domain/webhooks';
import { freePort, startSshServer, type SshServer } from '../helpers/ssh-server';
import { tempFolder } from '../helpers/temp-folder';
import { post, startSandboxProcess, waitUntil } from './fixtures/webhook-helpers';
import { ok, tunnelReaches } from './fixtures/tunnel-helpers';

const HMAC = 'tunnel-webhook-secret';

// SignDock opens a reverse tunnel (ssh -R) to a real OpenSSH server started for the test; the sandbox
// delivers its signed notifications to the server's side of the tunnel, as the service would reach the
// organisation's server from the internet.
describe('the SSH tunnel, end to end with a real sshd', () => {
  let sshd: SshServer;
  let sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;
  let folder: ReturnType<typeof tempFolder>;
  let core: Core;
  let accountId: string;
  let remotePort: number;

  const ssh = (overrides: Partial<NonNullable<TunnelSettings['ssh']>> = {}) => ({
    host: '127.0.0.1',
    port: sshd.port,
    user: sshd.user,
    auth: 'key' as const,
    identityFile: sshd.identityFile,
    remotePort,
    publicBaseUrl: `http://127.0.0.1:${remotePort}/`,
    knownHostsFile: sshd.knownHostsFile,
    ...overrides,
  });

  beforeAll(async () => {
    [sshd, sandbox] = await Promise.all([startSshServer(), startSandboxProcess(27)]);
    await sandbox.control.setRateLimit({ enabled: false });
    remotePort = await freePort();
    folder = tempFolder();
    core = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore(), webhookPort: 0 });
    await ok(core.dispatch('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key }));
    accountId = core.accounts.selectedId() ?? '';
    await core.startBackground();
    await core.spine.whenSynced();
    await ok(core.dispatch('webhooks.configure', { hmacSecret: HMAC }));
  });
  afterAll(async () => {
    await core?.close();
    await Promise.all([sshd?.stop(), sandbox?.stop()]);
    folder?.remove();
  });

  it('opens the tunnel; a signed notification through it lands in the inbox and the document is re-read; a wrong path gets 404', async () => {
    await ok(core.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh() }));
    await ok(core.dispatch('tunnel.start', {}));
    const running = await tunnelReaches(core, (s) => s.state === 'running' || s.state === 'failed', 30_000);
    expect(running.error).toBeNull();
    expect(running.state).toBe('running');
    expect(running.publicBaseUrl).toBe(`http://127.0.0.1:${remotePort}`);
    const hookUrl = running.hookUrl ?? '';
    expect(hookUrl).toBe(core.spine.webhooks.endpoint(accountId).hookUrl);
    expect(hookUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${remotePort}/hooks/[A-Za-z0-9_-]{43}$`));

    // The server side of the tunnel answers only the secret path: anything else is the listener's 404.
    expect((await post(`http://127.0.0.1:${remotePort}/hooks/not-the-token`, '{}')).status).toBe(404);
    expect((await post(`http://127.0.0.1:${remotePort}/`, '{}')).status).toBe(404);
    // … and its signature check applies: an unsigned notification on the right path is refused.
    expect((await post(hookUrl, JSON.stringify({ notification_action: 'DC', document_id: 'x' }))).status).toBe(401);

    await sandbox.control.setWebhook({ url: hookUrl, secret: HMAC, max_retries: 12, retry_base_ms: 200 });
    const document = await sandbox.control.createDocument({
      title: 'Through the tunnel',
      signatures: [{ validations: { EM: 'ana@example.com' } }],
    });
    const signatureId = (document.signatures as { id: string }[])[0]?.id ?? '';
    await sandbox.control.sign(signatureId);
    await waitUntil(() => core.spine.document(accountId, document.id)?.status === 'CO', 30_000, 'the signed document to be re-read');
    expect(core.spine.webhooks.stats(accountId).received).toBeGreaterThan(0);
    const status = await ok<TunnelStatus>(core.dispatch('tunnel.status', {}));
    expect(status.notifications.lastReceivedAt).not.toBeNull();
    expect(status.notifications.receivedThisRun).toBeGreaterThan(0);
  });

  it('reconnects by itself when the SSH connection is killed, and the next notification arrives', async () => {
    const before = core.spine.webhooks.stats(accountId).received;
    const running = await tunnelReaches(core, (s) => s.state === 'running', 30_000);
    expect(sshd.sessionPids().length, `an SSH session while ${JSON.stringify(running)}`).toBeGreaterThan(0);
    const lost = tunnelReaches(core, (s) => s.state === 'reconnecting', 60_000, 'the tunnel to notice the cut');
    await sshd.killSessions();
    const reconnecting = await lost;
    expect(reconnecting.error?.code, JSON.stringify(reconnecting)).toBe('webhooks.tunnel.sshConnectionLost');
    expect(reconnecting.nextRetryAt).not.toBeNull();
    await tunnelReaches(core, (s) => s.state === 'running', 60_000, 'the tunnel to come back');

    const document = await sandbox.control.createDocument({
      title: 'After the cut',
      signatures: [{ validations: { EM: 'bo@example.com' } }],
    });
    await sandbox.control.sign((document.signatures as { id: string }[])[0]?.id ?? '');
    await waitUntil(
      () => core.spine.document(accountId, document.id)?.status === 'CO',
      30_000,
      'the document signed after the reconnection to be re-read',
    );
    expect(core.spine.webhooks.stats(accountId).received).toBeGreaterThan(before);
  });

  it('refuses a changed host key in words, and never connects', async () => {
    const other = ssh2.utils.generateKeyPairSync('ed25519').public.trim().split(/\s+/);
    const changed = join(sshd.dir, 'known_hosts_changed');
    writeFileSync(changed, `[127.0.0.1]:${sshd.port} ${other[0]} ${other[1]}\n`);
    const sessions = sshd.sessionPids().length;
    await ok(core.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh({ knownHostsFile: changed }) }));
    const failed = await tunnelReaches(core, (s) => s.state === 'failed', 30_000, 'the changed key to be refused');
    expect(failed.error?.code).toBe('webhooks.tunnel.sshHostKeyChanged');
    expect(failed.error?.message).toContain('presented a different key');
    expect(failed.error?.message).toContain(sshd.hostKey.fingerprint);
    expect(failed.hookUrl).toBeNull();
    expect(core.spine.webhooks.state(accountId).hookUrl).toBeNull();
    expect(sshd.sessionPids().length).toBeLessThanOrEqual(sessions);
    // A changed key cannot be "confirmed" away.
    const confirm = await core.dispatch('tunnel.confirmHostKey', { fingerprint: sshd.hostKey.fingerprint });
    expect(confirm.ok).toBe(false);
  });

  it('a remote port already taken on the server and a server that does not answer are said in words, and retried', async () => {
    const taken = createServer();
    const takenPort = await freePort();
    await new Promise<void>((resolve) => taken.listen(takenPort, '127.0.0.1', resolve));
    try {
      await ok(core.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh({ remotePort: takenPort }) }));
      await ok(core.dispatch('tunnel.start', {}));
      const busy = await tunnelReaches(
        core,
        (s) => s.state === 'reconnecting' && s.error?.code === 'webhooks.tunnel.sshPortTaken',
        30_000,
        'the taken port',
      );
      expect(busy.error?.message).toContain(`refused to open port ${takenPort}`);
      expect(busy.nextRetryAt).not.toBeNull();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    await ok(core.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh({ port: await freePort() }) }));
    const silent = await tunnelReaches(
      core,
      (s) => s.state === 'reconnecting' && s.error?.code === 'webhooks.tunnel.sshUnreachable',
      30_000,
      'the closed SSH port',
    );
    expect(silent.error?.message).toContain('Nothing answered at 127.0.0.1');
    await ok(core.dispatch('tunnel.stop', {}));
  });

  it('shows an unknown server key to be confirmed once, then connects with it pinned', async () => {
    const empty = join(sshd.dir, 'known_hosts_empty');
    writeFileSync(empty, '');
    await ok(core.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh({ knownHostsFile: empty }) }));
    await ok(core.dispatch('tunnel.start', {}));
    const asked = await tunnelReaches(core, (s) => s.state === 'needsHostKeyConfirmation', 30_000);
    expect(asked.hostKey).toEqual({ host: '127.0.0.1', port: sshd.port, keyType: 'ssh-ed25519', fingerprint: sshd.hostKey.fingerprint });
    await ok(core.dispatch('tunnel.confirmHostKey', { fingerprint: sshd.hostKey.fingerprint }));
    await tunnelReaches(core, (s) => s.state === 'running', 30_000);
    const settings = await ok<TunnelSettings>(core.dispatch('tunnel.settings', {}));
    expect(settings.ssh?.pinnedFingerprint).toBe(sshd.hostKey.fingerprint);
    expect(settings.enabled).toBe(true);
    // Signed as the service signs: through the tunnel, on the secret path.
    const body = JSON.stringify({ notification_action: 'TU', document_id: 'pinned' });
    const hookUrl = core.spine.webhooks.endpoint(accountId).hookUrl ?? '';
    const answer = await post(hookUrl, body, {
      'content-type': 'application/json',
      'x-signature-sha256': createHmac('sha256', HMAC).update(body).digest('hex'),
    });
    expect(answer.status).toBe(200);
    // Choosing no tunnel closes it and it no longer opens with the app.
    const none = await ok<TunnelSettings>(core.dispatch('tunnel.saveSettings', { provider: 'none' }));
    expect(none.enabled).toBe(false);
    expect((await ok<TunnelStatus>(core.dispatch('tunnel.status', {}))).state).toBe('off');
    expect(core.spine.webhooks.state(accountId).hookUrl).toBeNull();
  });

  it('a key the server does not accept, or one behind a passphrase, is said in words; the SSH agent works', async () => {
    const stranger = join(sshd.dir, 'id_stranger');
    writeFileSync(stranger, ssh2.utils.generateKeyPairSync('ed25519').private, { mode: 0o600 });
    await ok(core.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh({ identityFile: stranger }) }));
    await ok(core.dispatch('tunnel.start', {}));
    const refused = await tunnelReaches(core, (s) => s.state === 'failed', 30_000, 'the key to be refused');
    expect(refused.error?.code).toBe('webhooks.tunnel.sshAuthRefused');
    expect(refused.error?.message).toContain(`did not accept the user ${sshd.user}`);

    const locked = join(sshd.dir, 'id_locked');
    writeFileSync(
      locked,
      ssh2.utils.generateKeyPairSync('ed25519', { passphrase: 'secret words', cipher: 'aes256-ctr', rounds: 4 }).private,
      { mode: 0o600 },
    );
    await ok(core.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh({ identityFile: locked }) }));
    const encrypted = await tunnelReaches(
      core,
      (s) => s.state === 'failed' && s.error?.code === 'webhooks.tunnel.sshKeyEncrypted',
      30_000,
      'the passphrase to be explained',
    );
    expect(encrypted.error?.message).toContain('ssh-add');

    // The agent: ssh-agent started for the test, holding the user's key.
    const socket = join(sshd.dir, 'agent.sock');
    const agent = spawn('ssh-agent', ['-D', '-a', socket], { stdio: ['ignore', 'pipe', 'ignore'] });
    const before = process.env.SSH_AUTH_SOCK;
    try {
      await new Promise<void>((resolve) => agent.stdout?.once('data', () => resolve()));
      await new Promise<void>((resolve, reject) =>
        spawn('ssh-add', [sshd.identityFile], { env: { ...process.env, SSH_AUTH_SOCK: socket }, stdio: 'ignore' }).once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`ssh-add exited ${code}`)),
        ),
      );
      process.env.SSH_AUTH_SOCK = socket;
      await ok(core.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh({ auth: 'agent', identityFile: null }) }));
      await tunnelReaches(core, (s) => s.state === 'running', 30_000, 'the tunnel through the agent');
      await ok(core.dispatch('tunnel.stop', {}));
    } finally {
      if (before === undefined) delete process.env.SSH_AUTH_SOCK;
      else process.env.SSH_AUTH_SOCK = before;
      agent.kill('SIGTERM');
    }
  });

  it('opens with the app when it was on, and closes with it', async () => {
    const other = tempFolder();
    try {
      const open = () =>
        createCore({ dataFolder: other.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore(), webhookPort: 0 });
      const first = open();
      await first.startBackground();
      await ok(first.dispatch('tunnel.saveSettings', { provider: 'ssh', ssh: ssh({ remotePort: await freePort() }) }));
      await ok(first.dispatch('tunnel.start', {}));
      await tunnelReaches(first, (s) => s.state === 'running');
      await first.close();
      // The app closed its SSH session itself (this process lives on).
      await waitUntil(() => sshd.sessionPids().length === 0, 10_000, 'the SSH session to end with the app');
      const second = open();
      await second.startBackground();
      await tunnelReaches(second, (s) => s.state === 'running', 30_000, 'the tunnel to open with the app');
      await second.close();
    } finally {
      other.remove();
    }
  });
});
