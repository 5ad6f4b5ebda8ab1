import { createRequire } from 'node:module';
import type * as KeytarModule from '@napi-rs/keyring/keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringAvailable } from '../helpers/keyring';
import { runCli } from '../helpers/run-cli';
import { startStandIn, type StandIn } from '../helpers/stand-in-service';
import { readAllFiles, tempFolder } from '../helpers/temp-folder';

const keyring = await keyringAvailable();
if (!keyring.ok) console.warn(`[skipped] CLI sign-in tests that store a key: ${keyring.reason}`);
const keytar = createRequire(import.meta.url)('@napi-rs/keyring/keytar') as typeof KeytarModule;

describe('CLI auth', () => {
  const goodKey = 'cli_good_key_0123456789';
  let standIn: StandIn;
  let home: ReturnType<typeof tempFolder>;

  beforeAll(async () => {
    standIn = await startStandIn([goodKey]);
    home = tempFolder();
  });
  afterAll(async () => {
    await standIn.close();
    home.remove();
  });

  const cli = (args: string[], stdin?: string, env: Record<string, string> = {}) =>
    runCli(['--home', home.path, ...args], { ...(stdin !== undefined ? { stdin } : {}), env });

  it('auth login with an empty key: exit 2 and a clear message', async () => {
    const run = await cli(['auth', 'login', '--base-url', standIn.url], '  \n');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/No API key was given/);
    expect(standIn.requests).toHaveLength(0);
  });

  it('auth login with a key the service rejects: exit 1, says so, stores nothing', async () => {
    const run = await cli(['auth', 'login', '--base-url', standIn.url], 'not-the-key\n');
    expect(run.code).toBe(1);
    expect(run.stderr.toLowerCase()).toContain('the service did not accept this api key (401)');
    expect(run.stderr).not.toContain('not-the-key');
    const list = await cli(['--json', 'accounts', 'list']);
    expect(JSON.parse(list.stdout)).toEqual({ accounts: [], selectedId: null });
    // The keyring is shared with test files running beside this one: the refused key is in no entry of it.
    if (keyring.ok) expect((await keytar.findCredentials('SignDock')).filter((entry) => entry.password === 'not-the-key')).toEqual([]);
  });

  it('usage errors exit 2; --json prints exactly one JSON document', async () => {
    expect((await cli(['nonsense'])).code).toBe(2);
    expect((await cli(['--frobnicate', 'info'])).code).toBe(2);
    const info = await cli(['--json', 'info']);
    expect(info.code).toBe(0);
    expect(JSON.parse(info.stdout)).toMatchObject({ name: 'SignDock', hostKind: 'cli', dataFolder: home.path });
    const failed = await cli(['--json', 'auth', 'login', '--base-url', standIn.url], 'wrong\n');
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ error: { kind: 'Unauthorized', status: 401 } });
  });

  it('SIGNDOCK_API_KEY checks a key for one run without storing anything', async () => {
    const run = await cli(['--json', 'auth', 'status'], undefined, { SIGNDOCK_API_KEY: goodKey, SIGNDOCK_BASE_URL: standIn.url });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ source: 'environment', check: { ok: true } });
    const bad = await cli(['auth', 'status'], undefined, { SIGNDOCK_API_KEY: 'nope', SIGNDOCK_BASE_URL: standIn.url });
    expect(bad.code).toBe(1);
    for (const { bytes } of readAllFiles(home.path)) expect(bytes.includes(Buffer.from(goodKey))).toBe(false);
  });

  it.skipIf(!keyring.ok)('auth login, status, accounts list and logout with a key the service accepts', async () => {
    const login = await cli(['--account', 'Production', 'auth', 'login', '--base-url', standIn.url], `${goodKey}\n`);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain('Production');
    const status = await cli(['auth', 'status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/accepts/);
    const list = JSON.parse((await cli(['--json', 'accounts', 'list'])).stdout) as { accounts: { name: string; hasKey: boolean }[] };
    expect(list.accounts).toEqual([expect.objectContaining({ name: 'Production', hasKey: true })]);
    for (const { file, bytes } of readAllFiles(home.path)) expect(bytes.includes(Buffer.from(goodKey)), file).toBe(false);
    const logout = await cli(['auth', 'logout']);
    expect(logout.code).toBe(0);
    expect(JSON.parse((await cli(['--json', 'accounts', 'list'])).stdout)).toEqual({ accounts: [], selectedId: null });
    expect((await cli(['auth', 'status'])).code).toBe(2);
  });
});
