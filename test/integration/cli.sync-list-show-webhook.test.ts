import { spawn } from 'node:child_process';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/start-sandbox';
import { keyringAvailable } from '../helpers/keyring';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { entryArgs } from '../helpers/entry';

const keyring = await keyringAvailable();
if (!keyring.ok) console.warn(`[skipped] CLI sync/list/show/webhook tests: ${keyring.reason}`);

describe.skipIf(!keyring.ok)('CLI sync, list, show and webhook serve against the sandbox', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  const cli = (args: string[], stdin?: string) => runCli(['--home', home.path, ...args], stdin !== undefined ? { stdin } : {});

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, demo: true, seed: 7, autoSign: { enabled: false } });
    home = tempFolder();
    const login = await cli(['auth', 'login', '--base-url', sandbox.url], `${sandbox.key}\n`);
    expect(login.code, login.stderr).toBe(0);
  });
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
  });

  it('sync reads every document; list and show answer from the mirror', async () => {
    const expected = (await sandbox.controlClient.state()).documents;
    const sync = await cli(['--json', 'sync']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(JSON.parse(sync.stdout)).toMatchObject({ state: 'idle', total: expected.length });

    const listed = JSON.parse((await cli(['list', '--json'])).stdout) as { id: string; status: string; signatures: unknown[] }[];
    expect(listed.map((d) => d.id).sort()).toEqual(expected.map((d) => String(d.id)).sort());
    for (const document of listed) expect(document.signatures.length).toBeGreaterThan(0);

    const completed = JSON.parse((await cli(['list', '--status', 'CO', '--json'])).stdout) as { status: string }[];
    expect(completed.length).toBe(expected.filter((d) => d.status === 'CO').length);
    expect(completed.every((d) => d.status === 'CO')).toBe(true);

    const target = expected[0] as { id: string; title: string };
    const word = target.title.split(/\s+/).find((w) => w.length > 3) ?? target.title;
    const searched = JSON.parse((await cli(['list', '--search', word, '--json'])).stdout) as { id: string }[];
    expect(searched.map((d) => d.id)).toContain(target.id);

    const shown = await cli(['show', target.id, '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: target.id, title: target.title });
    const missing = await cli(['show', '00000000-0000-7000-8000-000000000000']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Run a sync/);
  });

  it('webhook serve prints one JSON line with the URL, then stores what the service sends', async () => {
    const child = spawn(
      process.execPath,
      [...entryArgs('electron/cli/main.ts'), '--home', home.path, '--json', 'webhook', 'serve', '--port', '0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.split('\n')[0];
        if (stdout.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
      });
      child.once('exit', (code) => reject(new Error(`webhook serve exited early (${code})`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/[A-Za-z0-9_-]+$/);
    const res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ notification_id: 'n-1', notification_action: 'TU' }),
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });
});
