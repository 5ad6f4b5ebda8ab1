import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdfs } from '../helpers/pdf-batch';
import { runCli, spawnCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 11: Ctrl+C in the middle of `send` stops taking new rows, waits for the requests in flight,
 * then prints what was sent, what was not and the exact resume command; `send --resume` finishes the
 * batch and nothing is sent twice. Runs on environment credentials (no keychain needed).
 */
describe('Ctrl+C during send, then --resume', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 31 });
    // Each create takes a while, so there is a moment with rows sent and rows still waiting.
    await sandbox.controlClient.setFaults({ latency_ms: 250, operations: ['create'] });
    home = tempFolder('signdock-interrupt-home-');
    files = tempFolder('signdock-interrupt-files-');
    await writePdfs(files.path, 8, 'interrupt');
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
  });
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
    files.remove();
  });

  it('stops after the requests in flight, says how to resume, and the resumed batch sends each file once', async () => {
    const child = spawnCli(['--home', home.path, 'send', files.path, '--signer', 'EM=ana@example.com', '--concurrency', '1'], { env });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/Sent [12] of 8/.test(stderr) && !child.killed) {
          child.kill('SIGINT');
          resolve();
        }
      });
    });
    const code = await exited;
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/Stopping: no new rows will be sent/);
    const id = /Batch ([0-9a-f-]{36})/.exec(stderr)?.[1];
    expect(id).toBeDefined();
    const sentBefore = (await sandbox.controlClient.stats()).creates.total;
    expect(sentBefore).toBeGreaterThan(0);
    expect(sentBefore).toBeLessThan(8);
    expect(stdout).toContain(`${sentBefore} sent, ${8 - sentBefore} not sent yet. Resume with: npm run -s cli -- send --resume ${id}`);
    expect(stdout.match(/^sent /gm)?.length).toBe(sentBefore);

    const resumed = await runCli(['--home', home.path, '--json', 'send', '--resume', id!], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const items = (JSON.parse(resumed.stdout) as { items: { status: string }[] }).items;
    expect(items.map((item) => item.status)).toEqual(Array(8).fill('sent'));
    const stats = await sandbox.controlClient.stats();
    expect(stats.creates.total).toBe(8);
    expect(stats.duplicates.titles).toEqual([]);
  });
});
