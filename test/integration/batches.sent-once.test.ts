import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, createCore, type Core } from '../../electron/core/host';
import { migrations } from '../../electron/core/db/migrations';
import { parseTeamUrl, type TeamConfig } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { Batch, BatchItem } from '../../shared/domain/batches';
import { writePdfs } from '../helpers/pdf-batch';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 24: a file is sent once per account across batches. A file already sent (another batch,
 * after a restart) is left out with when and as what, until "Send again"; the sent files are
 * remembered by SHA-256 in an indexed table that a migration fills from the rows already sent. In a
 * batch the first copy stays and the later one is the duplicate. The CLI says the same per file and
 * sends such a file only with --send-again. One suite, two implementations of the sent-file ledger
 * (issue 32): this data folder alone, and a team store on a real PostgreSQL — the same rule, the same words.
 */

const signers = [{ validations: { EM: 'ana@example.com' }, invite: ['EM'] }];
const codes = (item: BatchItem | undefined) => item?.problems.map((problem) => problem.code) ?? [];

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 24 });
});
afterAll(async () => {
  await sandbox.stop();
});

describe.each(['alone', 'in a team'] as const)('sent once, across batches (%s)', (store) => {
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let core: Core;
  const secrets = new MemorySecretStore();
  let server: Postgres | null = null;
  let team: TeamConfig | null = null;

  beforeAll(async () => {
    if (store === 'alone') return;
    server = await startPostgres();
    const admin = new TeamStore(parseTeamUrl(server.url(), 'admin'), '0.1.0');
    await admin.init();
    await admin.close();
    await server.sql(`CREATE ROLE ana LOGIN PASSWORD 'pw-ana-24'; GRANT signdock_member TO ana;`);
    team = parseTeamUrl(server.url('ana', 'pw-ana-24'), 'desk-1');
  }, 120_000);
  afterAll(async () => {
    await server?.remove();
  });

  const open = () => createCore({ dataFolder: home.path, hostKind: 'web', version: '0', secrets, team });
  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const result = await core.dispatch(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  /** A new batch of these paths, checked, every row signed by Ana. */
  const prepared = async (paths: string[]): Promise<Batch> => {
    let batch = await call<Batch>('batches.create', {});
    batch = await call<Batch>('batches.addFiles', { batchId: batch.id, paths });
    await core.batches.whenChecked(batch.id);
    batch = await call<Batch>('batches.get', { batchId: batch.id });
    return call<Batch>('batches.updateItems', { batchId: batch.id, itemIds: batch.items.map((item) => item.id), patch: { signers } });
  };
  const sent = async (batch: Batch): Promise<Batch> => {
    await call('batches.send', { batchId: batch.id });
    await core.batches.whenSettled(batch.id);
    return call<Batch>('batches.get', { batchId: batch.id });
  };

  beforeEach(async () => {
    await sandbox.controlClient.reset();
    home = tempFolder('signdock-sentonce-home-');
    files = tempFolder('signdock-sentonce-files-');
    core = open();
    await call('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
  });
  afterEach(async () => {
    await core.close();
    home.remove();
    files.remove();
  });

  it('leaves out a file sent in an earlier batch (after a restart) until Send again, and New batch keeps it', async () => {
    const [nda, other] = await writePdfs(files.path, 2, 'nda');
    const first = await sent(await prepared([nda!]));
    const documentId = first.items[0]!.documentId!;
    expect(first.items[0]!.state).toBe('sent');

    // A restart; the same bytes come back under another name, with a new file.
    await core.close();
    core = open();
    mkdirSync(join(files.path, 'later'));
    const again = join(files.path, 'later', 'NDA_Globex_2026.pdf');
    copyFileSync(nda!, again);
    let batch = await prepared([again, other!]);
    const row = batch.items.find((item) => item.path === again)!;
    expect(codes(row)).toEqual(['batch.alreadySent']);
    expect(row.problems[0]!.params).toMatchObject({ title: 'nda 001', documentId, status: 'PE' });
    // The same words in a team: this computer sent it (another computer's send names its member and computer: team.sent-once-three-computers).
    expect(row.problems[0]!.message).toMatch(/^Already sent on \d{4}-\d\d-\d\d as “nda 001” \(pending\)/);
    expect(batch.progress.sendable).toBe(1);

    batch = await sent(batch);
    expect(batch.items.find((item) => item.path === again)).toMatchObject({ state: 'draft', documentId: null });
    expect(batch.items.find((item) => item.path === other)!.state).toBe('sent');
    expect((await sandbox.controlClient.stats()).creates.total).toBe(2);

    // New batch takes the row left out along; Send again sends it, and only it.
    batch = await call<Batch>('batches.create', {});
    expect(batch.items.map((item) => item.path)).toEqual([again]);
    await core.batches.whenChecked(batch.id);
    batch = await call<Batch>('batches.get', { batchId: batch.id });
    expect(batch.items[0]!.signers).toEqual(signers);
    expect(codes(batch.items[0])).toEqual(['batch.alreadySent']);
    batch = await call<Batch>('batches.updateItems', { batchId: batch.id, itemIds: [batch.items[0]!.id], patch: { sendAgain: true } });
    expect(codes(batch.items[0])).toEqual([]);
    batch = await sent(batch);
    expect(batch.items[0]!.state).toBe('sent');
    expect((await sandbox.controlClient.stats()).creates.total).toBe(3);
    // In a team each create was claimed in the store first (Send again too).
    if (server)
      expect((await server.sql(`SELECT count(*)::int AS n FROM signdock.sent_claims WHERE state = 'sent'`)).rows).toEqual([{ n: 3 }]);
  });

  it('keeps the first copy in a batch and flags the later one, named after the first', async () => {
    const [original] = await writePdfs(files.path, 1, 'NDA_Acme_2026');
    const named = join(files.path, 'NDA_Acme_2026.pdf');
    writeFileSync(named, readFileSync(original!));
    // In name order "NDA_Acme_2026 (copia).pdf" comes first; it is still the copy.
    writeFileSync(join(files.path, 'NDA_Acme_2026 (copia).pdf'), readFileSync(original!));
    const batch = await prepared([join(files.path, 'NDA_Acme_2026 (copia).pdf'), named]);
    const byName = (name: string) => batch.items.find((item) => item.fileName === name);
    expect(codes(byName('NDA_Acme_2026.pdf'))).toEqual([]);
    expect(codes(byName('NDA_Acme_2026 (copia).pdf'))).toEqual(['batch.duplicateOf']);
    expect(byName('NDA_Acme_2026 (copia).pdf')!.problems[0]!.params).toEqual({ title: 'NDA Acme 2026', file: 'NDA_Acme_2026.pdf' });
  });

  it('tells the renderer which row became a copy when an earlier row with the same bytes comes back', async () => {
    const [original] = await writePdfs(files.path, 1, 'Lease');
    const copy = join(files.path, 'Lease (copy).pdf');
    writeFileSync(copy, readFileSync(original!));
    const batch = await prepared([original!, copy]);
    const first = batch.items.find((item) => item.fileName !== 'Lease (copy).pdf')!;
    const second = batch.items.find((item) => item.fileName === 'Lease (copy).pdf')!;
    expect(codes(second)).toEqual(['batch.duplicateOf']);

    // The page keeps the last view of each row that events carried (as the Send page does).
    const seen = new Map<string, BatchItem>();
    let events = 0;
    const unsubscribe = core.events.subscribe((message) => {
      if (message.event !== 'batches.changed') return;
      events += 1;
      for (const item of (message.payload as { items: BatchItem[] }).items) seen.set(item.id, item);
    });
    const settle = async (count: number) => {
      while (events < count) await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      // Leaving the first row out makes the other no copy; taking it back makes it one again.
      await call('batches.updateItems', { batchId: batch.id, itemIds: [first.id], patch: { excluded: true } });
      await settle(1);
      expect(codes(seen.get(second.id))).toEqual([]);
      await call('batches.updateItems', { batchId: batch.id, itemIds: [first.id], patch: { excluded: false } });
      await settle(2);
      expect(codes(seen.get(second.id))).toEqual(['batch.duplicateOf']);
    } finally {
      unsubscribe();
    }
  });

  // The migration is this data folder's own (a team's claims live in its store).
  if (store === 'alone')
    it('fills the sent files from the rows already sent when the migration runs, and looks them up by index', async () => {
      const [memo] = await writePdfs(files.path, 1, 'memo');
      const done = await sent(await prepared([memo!]));
      await core.close();
      // The database as it was before the migration: no sent_files, no send_again (nor what later migrations add).
      const file = join(home.path, DATABASE_FILE);
      const db = new Database(file);
      db.exec('DROP TABLE sent_files; ALTER TABLE batch_items DROP COLUMN send_again; ALTER TABLE accounts DROP COLUMN learnt_rate;');
      db.pragma(`user_version = ${migrations.findIndex((migration) => migration.name === 'sent files')}`);
      db.close();

      core = open();
      const batch = await prepared([memo!]);
      expect(batch.items[0]!.problems[0]).toMatchObject({ code: 'batch.alreadySent', params: { documentId: done.items[0]!.documentId } });

      const check = new Database(file, { readonly: true });
      const plan = check
        .prepare(`EXPLAIN QUERY PLAN SELECT document_id FROM sent_files WHERE account_id = ? AND sha256 = ? ORDER BY sent_at DESC LIMIT 1`)
        .all('a', 'b') as { detail: string }[];
      check.close();
      expect(plan.map((step) => step.detail).join(' ')).toMatch(/USING (COVERING )?INDEX sent_files_by_hash/);
    });
});

describe('the CLI sends a file already sent only with --send-again', () => {
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  beforeAll(() => {
    home = tempFolder('signdock-sentonce-cli-home-');
    files = tempFolder('signdock-sentonce-cli-files-');
  });
  afterAll(() => {
    home.remove();
    files.remove();
  });

  it('says when and as what it was sent, exits 1, and sends it with --send-again (exit 0)', async () => {
    await sandbox.controlClient.reset();
    const env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
    const [lease] = await writePdfs(files.path, 1, 'lease');
    const send = (...extra: string[]) =>
      runCli(['--home', home.path, 'send', lease!, '--signer', 'EM=ana@example.com;invite=EM', ...extra], { env });

    const first = await send();
    expect(first.code, first.stderr).toBe(0);
    const second = await send();
    expect(second.code, second.stdout + second.stderr).toBe(1);
    expect(second.stdout).toMatch(
      /^skipped lease-001\.pdf: Already sent on \d{4}-\d\d-\d\d as “lease 001” \(pending\)\. To send it again: add --send-again$/m,
    );
    expect((await sandbox.controlClient.stats()).creates.total).toBe(1);

    const third = await send('--send-again');
    expect(third.code, third.stdout + third.stderr).toBe(0);
    expect(third.stdout).toMatch(/^sent {4}lease-001\.pdf → /m);
    expect((await sandbox.controlClient.stats()).creates.total).toBe(2);
  });
});
