import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { Limiter } from '../../electron/core/api/limiter';
import { ServiceClient } from '../../electron/core/api/service-client';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { Redactor } from '../../electron/core/logging/redact';
import { SyncEngine } from '../../electron/core/sync/sync-engine';
import type { Timers } from '../../electron/core/sync/timers';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, uuidv7, type Sandbox } from '../sandbox';

const ACCOUNT = 'acct-refresh';
let sandbox: Sandbox;
let http: Agent;
let pdf: Buffer;
let folder: ReturnType<typeof tempFolder>;
let db: Db;
let client: ServiceClient;
const engines: SyncEngine[] = [];

/** A clock that stands still until the test moves it; due callbacks run in order. */
class ManualTimers implements Timers {
  private time: number;
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  constructor(start = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.pending.set(id, { at: this.time + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.pending].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].callback();
    }
    this.time = until;
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 5 });
  http = new Agent({ connect: { timeout: 5_000 }, headersTimeout: 20_000, bodyTimeout: 20_000 });
  pdf = await samplePdf('Refresh test');
});
afterAll(async () => {
  await http.close();
  await sandbox.stop();
});
beforeEach(async () => {
  await sandbox.controlClient.reset();
  folder = tempFolder('signdock-refresh-');
  db = openDatabase(join(folder.path, 'signdock.db'));
  new AccountsRepo(db).insert({ id: ACCOUNT, name: 'Sandbox', baseUrl: sandbox.url, demo: false, createdAt: new Date().toISOString() });
  const limiter = new Limiter({ requestsPerSecond: 1_000, burst: 1_000, backoffBaseMs: 5, backoffMaxMs: 20 });
  client = new ServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.key, dispatcher: http, limiter, redactor: new Redactor() });
});
afterEach(async () => {
  await sandbox.controlClient.setFaults({ latency_ms: 0, error_rate: 0, operations: null });
  for (const engine of engines.splice(0)) engine.stop();
  db.close();
  folder.remove();
});

function newEngine(timers?: Timers, maxMs = 100_000): SyncEngine {
  const engine = new SyncEngine({ db, clientFor: async () => client, timers, random: () => 0.5, schedule: { baseMs: 30_000, maxMs } });
  engines.push(engine);
  return engine;
}

function seedDocument(): { id: string; signatures: string[] } {
  const document = sandbox.services.workflow.create({
    title: 'Service agreement',
    file: pdf,
    signatures: [
      { validations: { EM: 'ana@example.com' }, inviteChannel: ['EM'] },
      { validations: { EM: 'bo@example.com' }, inviteChannel: ['EM'] },
    ],
  });
  return { id: document.id, signatures: document.signatureIds };
}

async function reads(): Promise<number> {
  return (await sandbox.controlClient.stats()).requests.by_operation.get ?? 0;
}

describe('refreshing one document', () => {
  it('coalesces requests: ten while a read is in flight make one more read, not ten', async () => {
    const engine = newEngine();
    const { id, signatures } = seedDocument();
    await sandbox.controlClient.setFaults({ latency_ms: 300, operations: ['get'] });
    const before = await reads();

    const first = engine.refresher.refresh(ACCOUNT, id);
    await vi.waitFor(async () => expect(await reads()).toBe(before + 1), { timeout: 5_000, interval: 20 });
    expect(sandbox.services.workflow.sign(signatures[0] as string).ok).toBe(true);
    const followers = Array.from({ length: 10 }, () => engine.refresher.refresh(ACCOUNT, id));
    expect(engine.refresher.pending).toBe(1);

    const outcomes = await Promise.all([first, ...followers]);
    expect(outcomes[0]).toBe('changed');
    expect(new Set(outcomes.slice(1)).size).toBe(1);
    expect((await reads()) - before).toBe(2);
    expect(engine.refresher.pending).toBe(0);
    expect(engine.reader.get(ACCOUNT, id)?.signatures.map((s) => s.status)).toEqual(['CO', 'IN']);
  });

  it("answers 'changed' for a new snapshot and 'unchanged' for the same again", async () => {
    const engine = newEngine();
    const { id, signatures } = seedDocument();
    const changed: string[][] = [];
    const listening = new SyncEngine({ db, clientFor: async () => client, onChange: (_account, ids) => changed.push(ids) });
    engines.push(listening);
    expect(await listening.refresher.refresh(ACCOUNT, id)).toBe('changed');
    expect(await listening.refresher.refresh(ACCOUNT, id)).toBe('unchanged');
    expect(sandbox.services.workflow.reject(signatures[1] as string).ok).toBe(true);
    expect(await engine.refresher.refresh(ACCOUNT, id)).toBe('changed');
    expect(changed).toEqual([[id]]);
  });

  it("answers 'not-found' for a document the service does not show, journals it and keeps the mirror row", async () => {
    const engine = newEngine();
    const { id } = seedDocument();
    expect(await engine.refresher.refresh(ACCOUNT, id)).toBe('changed');
    await sandbox.controlClient.reset();

    expect(await engine.refresher.refresh(ACCOUNT, id)).toBe('not-found');
    expect(engine.reader.get(ACCOUNT, id)?.status).toBe('PE');
    const unknown = uuidv7(Date.now());
    expect(await engine.refresher.refresh(ACCOUNT, unknown)).toBe('not-found');
    expect(engine.syncLog.recent(ACCOUNT).map((e) => [e.actor, e.action, e.target, e.outcome, e.detail.keptInMirror])).toEqual([
      ['sync', 'document.refresh', unknown, 'not-found', false],
      ['sync', 'document.refresh', id, 'not-found', true],
    ]);
  });

  it('rejects with the typed error when the read fails for another reason', async () => {
    const engine = newEngine();
    const { id } = seedDocument();
    await sandbox.controlClient.setFaults({ error_rate: 1, error_statuses: [503], operations: ['get'] });
    await expect(engine.refresher.refresh(ACCOUNT, id)).rejects.toMatchObject({ kind: 'ServerError' });
    expect(engine.refresher.pending).toBe(0);
  });
});

describe('re-reading open documents on a schedule', () => {
  async function settle(engine: SyncEngine, id: string): Promise<void> {
    await vi.waitFor(
      () => {
        expect(engine.refresher.pending).toBe(0);
        expect(engine.scheduler.scheduleOf(ACCOUNT, id)?.reading ?? false).toBe(false);
      },
      { timeout: 5_000, interval: 10 },
    );
  }

  it('backs off while nothing changes, goes back to the first interval on a change, and stops when final', async () => {
    const timers = new ManualTimers();
    const engine = newEngine(timers);
    const { id, signatures } = seedDocument();
    await engine.start(ACCOUNT);
    const start = await reads();
    expect(engine.scheduler.scheduleOf(ACCOUNT, id)).toMatchObject({ intervalMs: 30_000, dueAt: timers.now() + 30_000 });
    expect(engine.scheduler.watching(ACCOUNT)).toBe(1);

    timers.advance(29_999);
    await settle(engine, id);
    expect(await reads()).toBe(start);
    timers.advance(1);
    await settle(engine, id);
    expect(await reads()).toBe(start + 1);
    expect(engine.scheduler.scheduleOf(ACCOUNT, id)?.intervalMs).toBe(60_000);

    timers.advance(60_000);
    await settle(engine, id);
    expect(engine.scheduler.scheduleOf(ACCOUNT, id)?.intervalMs).toBe(100_000);

    expect(sandbox.services.workflow.sign(signatures[0] as string).ok).toBe(true);
    timers.advance(100_000);
    await settle(engine, id);
    expect(engine.scheduler.scheduleOf(ACCOUNT, id)?.intervalMs).toBe(30_000);

    // A read made for another reason (a notification) counts too.
    timers.advance(10_000);
    expect(await engine.refresher.refresh(ACCOUNT, id)).toBe('unchanged');
    expect(engine.scheduler.scheduleOf(ACCOUNT, id)).toMatchObject({ intervalMs: 60_000, dueAt: timers.now() + 60_000 });

    expect(sandbox.services.workflow.sign(signatures[1] as string).ok).toBe(true);
    timers.advance(60_000);
    await settle(engine, id);
    expect(engine.reader.get(ACCOUNT, id)?.status).toBe('CO');
    expect(engine.scheduler.scheduleOf(ACCOUNT, id)).toBeUndefined();
    expect(engine.scheduler.size).toBe(0);
    expect(engine.scheduler.watching(ACCOUNT)).toBe(0);
    expect(await reads()).toBe(start + 5);
  });

  it('spaces out documents that have been open a long time, after a restart too', async () => {
    const { id } = seedDocument();
    await newEngine(new ManualTimers()).start(ACCOUNT);
    const later = new ManualTimers(Date.now() + 2 * 60 * 60_000);
    const restarted = newEngine(later, 15 * 60_000);
    restarted.scheduler.watch(ACCOUNT, restarted.reader.openDocuments(ACCOUNT));
    expect(restarted.scheduler.scheduleOf(ACCOUNT, id)?.intervalMs).toBe(15 * 60_000);
  });
});
