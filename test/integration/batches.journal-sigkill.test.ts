import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdfs } from '../helpers/pdf-batch';
import { runCli, spawnCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';
import { Prng } from '../sandbox/core/prng';

/**
 * Issue 26, must show: a sent row and its journal entry are written in one transaction, so no kill and
 * no failure can leave a document sent with no entry. Real CLI processes against the sandbox:
 * - the journal refuses the send entries (a trigger, as a full disk would): nothing counts as sent, not
 *   even in the account's sent files; once it accepts them again, `send --resume` finds the documents
 *   already made and records each with its entry;
 * - the sender is SIGKILLed at random moments of a batch, then resumed: every sent row has exactly one
 *   journal entry naming its document.
 */

interface Entry {
  subject: string;
  outcome: string;
}

describe('every sent row has its journal entry', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let env: Record<string, string>;
  const database = () => new Database(join(home.path, 'signdock.db'));
  /** Sent rows and files without a journal entry for their document, and the entries per document. */
  const audit = (batchId: string) => {
    const db = database();
    try {
      const sent = db.prepare(`SELECT document_id AS id FROM batch_items WHERE batch_id = ? AND state = 'sent'`).all(batchId) as {
        id: string;
      }[];
      const files = db.prepare('SELECT document_id AS id FROM sent_files').all() as { id: string }[];
      const entries = db.prepare(`SELECT subject, outcome FROM audit_journal WHERE action = 'send'`).all() as Entry[];
      const journaled = new Map<string, number>();
      for (const entry of entries) {
        if ((JSON.parse(entry.outcome) as { state: string }).state === 'sent')
          journaled.set(entry.subject, (journaled.get(entry.subject) ?? 0) + 1);
      }
      return {
        sent: sent.length,
        unjournaled: [...sent, ...files].filter((row) => !journaled.has(row.id)).map((row) => row.id),
        twice: [...journaled].filter(([, n]) => n > 1).map(([id]) => id),
        entries: journaled.size,
      };
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 2626 });
    home = tempFolder('signdock-journal-kill-home-');
    files = tempFolder('signdock-journal-kill-files-');
    mkdirSync(join(files.path, 'refused'));
    mkdirSync(join(files.path, 'killed'));
    await writePdfs(join(files.path, 'refused'), 4, 'lease');
    await writePdfs(join(files.path, 'killed'), 40, 'deed');
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url, SIGNDOCK_LEASE_TTL_MS: '3000' };
  }, 60_000);
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
    files.remove();
  });

  it('a journal that refuses the entry leaves nothing sent; the resumed batch records each document once', async () => {
    const first = await runCli(['--home', home.path, 'jobs', 'list'], { env });
    expect(first.code, first.stderr).toBe(0);
    const db = database();
    db.exec(
      `CREATE TRIGGER refuse_send BEFORE INSERT ON audit_journal WHEN NEW.action = 'send' BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`,
    );
    db.close();

    const refused = await runCli(
      ['--home', home.path, 'send', join(files.path, 'refused'), '--signer', 'EM=owner@example.com', '--concurrency', '1'],
      { env },
    );
    expect(refused.code).toBe(1);
    const batchId = /Batch ([0-9a-f-]{36})/.exec(refused.stderr)?.[1];
    expect(batchId, refused.stderr).toBeTruthy();
    // The service made a document, but the row could not be recorded with its entry: it is not sent, nor in the sent files.
    expect((await sandbox.controlClient.stats()).creates.total).toBeGreaterThan(0);
    expect(audit(batchId!)).toMatchObject({ sent: 0, unjournaled: [] });

    const fixed = database();
    fixed.exec('DROP TRIGGER refuse_send');
    fixed.close();
    const resumed = await runCli(['--home', home.path, '--json', 'send', '--resume', batchId!], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(audit(batchId!)).toEqual({ sent: 4, unjournaled: [], twice: [], entries: 4 });
    const stats = await sandbox.controlClient.stats();
    expect(stats.creates.total).toBe(4);
    expect(stats.duplicates).toEqual({ titles: [], file_hashes: [] });
  }, 120_000);

  it('SIGKILLed at random moments and resumed: one entry per sent row', async () => {
    await sandbox.controlClient.setFaults({ latency_ms: 150, latency_jitter_ms: 100, operations: ['create'] });
    const prng = new Prng(26_2026);
    const creates = async () => (await sandbox.controlClient.stats()).creates.total;
    const before = await creates();
    let batchId = '';
    for (let kill = 1; kill <= 6; kill++) {
      // A few more creates (1 to 5, at random) reach the sandbox, then the sender is killed: whatever it was writing.
      const target = (await creates()) + 1 + Math.floor(prng.next() * 5);
      const args = batchId
        ? ['send', '--resume', batchId]
        : ['send', join(files.path, 'killed'), '--signer', 'EM=notary@example.com', '--concurrency', '3'];
      const child = spawnCli(['--home', home.path, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      const exited = new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        batchId ||= /Batch ([0-9a-f-]{36})/.exec(stderr)?.[1] ?? '';
        void creates().then((n) => n >= target && child.kill('SIGKILL'));
      });
      expect(await exited, `run ${kill} should have been killed:\n${stderr}`).toBe('SIGKILL');
      const now = audit(batchId);
      expect(now.unjournaled, `after kill ${kill}`).toEqual([]);
      expect(now.twice).toEqual([]);
    }
    expect(await creates()).toBeLessThan(before + 40);

    const last = await runCli(['--home', home.path, 'send', '--resume', batchId], { env });
    expect(last.code, last.stderr).toBe(0);
    expect(audit(batchId)).toEqual({ sent: 40, unjournaled: [], twice: [], entries: 44 });
    const stats = await sandbox.controlClient.stats();
    expect(stats.creates.total).toBe(before + 40);
    expect(stats.duplicates).toEqual({ titles: [], file_hashes: [] });
  }, 240_000);
});
