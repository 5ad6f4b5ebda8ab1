import { spawn } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 32, "Trying it": `npm run team:tryout` for real — it starts a local PostgreSQL (the system's),
 * runs `team init`, makes a login per computer and prints each computer's command lines; those lines,
 * as printed, make `team status` work for two computers, each its own member; Ctrl+C stops the server.
 */

const folder = tempFolder('signdock-tryout-');
// As root the server runs as the postgres user, which must reach the folder (mkdtemp makes it 0700).
chmodSync(folder.path, 0o755);
const dir = join(folder.path, 'team');
afterAll(() => folder.remove());

/** The variables of each computer's CLI line, as printed. */
function printedComputers(out: string): { computer: string; env: Record<string, string> }[] {
  return [
    ...out.matchAll(/CLI: (SIGNDOCK_HOME='[^']*' SIGNDOCK_TEAM_URL='[^']*' SIGNDOCK_COMPUTER_NAME=\S+) npm run -s cli -- team status/g),
  ].map((line) => {
    const env = Object.fromEntries([...line[1]!.matchAll(/(\w+)=('([^']*)'|\S+)/g)].map((v) => [v[1]!, v[3] ?? v[2]!]));
    return { computer: env.SIGNDOCK_COMPUTER_NAME!, env };
  });
}

describe('npm run team:tryout', () => {
  it('starts a PostgreSQL, prints working lines for each computer, and stops on Ctrl+C', { timeout: 180_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/team-tryout.ts', '--dir', dir, '--computers', '2'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Press Ctrl+C to stop the server.')) resolve();
        });
        void exit.then((code) => reject(new Error(`The try-out ended (${code}) before it was ready:\n${out}`)));
      });
      expect(out).toMatch(/The team store is running: PostgreSQL on 127\.0\.0\.1:\d+, database signdock_team, its data in /);
      const computers = printedComputers(out);
      expect(computers.map((c) => c.computer)).toEqual(['front-desk', 'back-office']);

      for (const { computer, env } of computers) {
        const status = await runCli(['--json', 'team', 'status'], { env });
        expect(status.code, status.stderr).toBe(0);
        const shown = JSON.parse(status.stdout) as { computer: string; member: string };
        expect(shown).toMatchObject({ computer, member: computer === 'front-desk' ? 'ana' : 'ben' });
        expect(existsSync(env.SIGNDOCK_HOME!)).toBe(true);
      }
      const last = JSON.parse((await runCli(['--json', 'team', 'status'], { env: computers[0]!.env })).stdout) as { members: string[] };
      expect(last.members).toEqual(['ana', 'ben']);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exit).toBe(0);
    expect(out).toContain(`Stopped. The team's data stays in ${dir}`);
    // The server is gone: nothing answers at the printed address.
    const url = printedComputers(out)[0]!.env.SIGNDOCK_TEAM_URL!;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    await expect(client.connect()).rejects.toThrow(/ECONNREFUSED/);
  });
});
