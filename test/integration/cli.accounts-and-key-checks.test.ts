import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/api-test-server';
import { createCore } from '../../electron/core/host';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { keyringAvailable } from '../helpers/keyring';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 11: `--account NAME` is honoured by every command and an unknown name is a usage error listing
 * the names; `accounts use` selects; a key check passes through 429 bursts and 502s (only 401/403 means
 * the key is refused); a changed address never receives the stored key unless it is given again.
 */
const keyring = await keyringAvailable();
if (!keyring.ok) console.warn(`[skipped] CLI accounts and key checks: ${keyring.reason}`);

describe.skipIf(!keyring.ok)('CLI accounts and key checks', () => {
  let alpha: Sandbox;
  let beta: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  const cli = (args: string[], stdin?: string) => runCli(['--home', home.path, ...args], stdin !== undefined ? { stdin } : {});
  const titles = async (args: string[]) =>
    (JSON.parse((await cli(['--json', ...args, 'list'])).stdout) as { title: string }[]).map((d) => d.title).sort();

  beforeAll(async () => {
    alpha = await startSandbox({ port: 0, demo: true, seed: 21, autoSign: { enabled: false } });
    beta = await startSandbox({ port: 0, demo: true, seed: 22, autoSign: { enabled: false } });
    home = tempFolder('signdock-accounts-home-');
    expect((await cli(['--account', 'alpha', 'auth', 'login', '--base-url', alpha.url], alpha.key)).code).toBe(0);
    expect((await cli(['--account', 'beta', 'auth', 'login', '--base-url', beta.url], beta.key)).code).toBe(0);
  });
  afterAll(async () => {
    await Promise.all([alpha.stop(), beta.stop()]);
    home.remove();
  });

  // Eleven CLI runs one after another (each a process of its own): a minute and more on a busy 2-core machine.
  it(
    '--account picks the account of sync, list and show; accounts use selects; an unknown name lists the names',
    { timeout: 240_000 },
    async () => {
      const alphaTitles = (await alpha.controlClient.state()).documents.map((d) => String(d.title)).sort();
      const betaDocuments = (await beta.controlClient.state()).documents;
      const betaTitles = betaDocuments.map((d) => String(d.title)).sort();
      expect(alphaTitles).not.toEqual(betaTitles);

      expect((await cli(['--account', 'BETA', 'sync'])).code).toBe(0);
      expect(await titles(['--account', 'beta'])).toEqual(betaTitles);
      const shown = await cli(['--account', 'beta', 'show', String(betaDocuments[0]!.id)]);
      expect(shown.code, shown.stderr).toBe(0);
      // The selection did not move: the first account is still the one used without --account.
      expect((await cli(['sync'])).code).toBe(0);
      expect(await titles([])).toEqual(alphaTitles);

      const use = await cli(['accounts', 'use', 'beta']);
      expect(use.code, use.stderr).toBe(0);
      expect(await titles([])).toEqual(betaTitles);

      for (const args of [['sync'], ['list'], ['show', 'x'], ['send', '--resume', 'x'], ['auth', 'status'], ['accounts', 'use', 'gamma']]) {
        const unknown = await cli(args[0] === 'accounts' ? args : ['--account', 'gamma', ...args]);
        expect(unknown.code, args.join(' ')).toBe(2);
        expect(unknown.stderr).toContain('There is no account named "gamma". The accounts are: "alpha", "beta".');
      }
    },
  );

  it('a key check passes through 429 bursts, 502s and a reset connection, saying it waits; only 401 refuses the key', async () => {
    // A scripted stand-in of the service: the answers a busy service gives, then the real one.
    const script: ((res: ServerResponse, raw: IncomingMessage) => void)[] = [
      (res) => res.writeHead(429, { 'retry-after': '1' }).end(),
      (res) => res.writeHead(429).end(),
      (res) => res.writeHead(502).end(),
      (_res, raw) => raw.socket.destroy(),
      (res) => res.writeHead(503, { 'retry-after': '1' }).end(),
    ];
    let calls = 0;
    const server = await startTestServer((req, res, raw) => {
      const step = script[calls++];
      if (step) return step(res, raw);
      const ok = req.headers.authorization === `Bearer ${alpha.key}`;
      res
        .writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
        .end(ok ? '{"count":0,"next":null,"previous":null,"results":[]}' : '{}');
    });
    try {
      const login = await cli(['--account', 'busy', 'auth', 'login', '--base-url', server.url], alpha.key);
      expect(login.code, login.stderr).toBe(0);
      expect(calls).toBe(script.length + 1);
      expect(login.stderr).toMatch(/The service is busy, trying again in 1 s/);
      calls = script.length; // from now on the stand-in answers at once
      const wrong = await cli(['--account', 'refused', 'auth', 'login', '--base-url', server.url], 'not-a-key');
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/did not accept this API key \(401\)/);
    } finally {
      await server.close();
    }
  });

  it('a new address for an account needs the key again: the stored key never follows it', async () => {
    const listener = await startSandbox({ port: 0, seed: 23 });
    const core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0.0.0', secrets: new KeytarSecretStore() });
    try {
      const account = (await core.accounts.state()).accounts.find((a) => a.name === 'alpha')!;
      const moved = await core.dispatch('accounts.update', { accountId: account.id, baseUrl: listener.url });
      expect(moved).toMatchObject({ ok: false, error: { kind: 'InvalidInput', fields: { apiKey: [expect.stringMatching(/key again/)] } } });
      expect((await listener.controlClient.stats()).requests.total).toBe(0);
      const renamed = await core.dispatch('accounts.update', { accountId: account.id, name: 'alpha', baseUrl: `${alpha.url}/` });
      expect(renamed.ok).toBe(true); // the same address, written differently, is not a new one
      const remote = await core.dispatch('accounts.update', {
        accountId: account.id,
        baseUrl: 'http://service.example.com',
        apiKey: alpha.key,
      });
      expect(remote).toMatchObject({ ok: false, error: { kind: 'InvalidInput' } });
    } finally {
      await core.close();
      await listener.stop();
    }
  });
});
