import { join } from 'node:path';
import { displayStatusOf } from '../../shared/domain/status-codes';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { Limiter } from '../../electron/core/api/limiter';
import { ServiceClient } from '../../electron/core/api/service-client';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { Redactor } from '../../electron/core/logging/redact';
import type { FullSyncProgress } from '../../electron/core/sync/full-sync';
import { SyncEngine } from '../../electron/core/sync/sync-engine';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox, type WireDocument } from '../sandbox';

const ACCOUNT = 'acct-full-sync';
let sandbox: Sandbox;
let http: Agent;
let pdf: Buffer;
let folder: ReturnType<typeof tempFolder>;
let db: Db;
let engine: SyncEngine;
const changes: string[][] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 11 });
  http = new Agent({ connect: { timeout: 5_000 }, headersTimeout: 20_000, bodyTimeout: 20_000 });
  pdf = await samplePdf('Mirror test');
});
afterAll(async () => {
  await http.close();
  await sandbox.stop();
});
beforeEach(async () => {
  await sandbox.controlClient.reset();
  folder = tempFolder('signdock-sync-');
  db = openDatabase(join(folder.path, 'signdock.db'));
  new AccountsRepo(db).insert({ id: ACCOUNT, name: 'Sandbox', baseUrl: sandbox.url, demo: false, createdAt: new Date().toISOString() });
  const limiter = new Limiter({ requestsPerSecond: 1_000, burst: 1_000, backoffBaseMs: 5, backoffMaxMs: 20 });
  const client = new ServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.key, dispatcher: http, limiter, redactor: new Redactor() });
  changes.length = 0;
  engine = new SyncEngine({ db, clientFor: async () => client, onChange: (_account, ids) => changes.push(ids) });
});
afterEach(() => {
  engine.stop();
  db.close();
  folder.remove();
});

/** Seeds documents straight into the sandbox's workflow, then moves some of them along. */
function seed(count: number): void {
  const { workflow } = sandbox.services;
  for (let i = 0; i < count; i += 1) {
    const signatures = [
      { validations: { EM: `signer${i}@example.com` }, inviteChannel: ['EM' as const] },
      { validations: { EM: `second${i}@example.com`, PH: `+54911${String(10_000_000 + i)}` }, inviteChannel: [] },
    ];
    const document = workflow.create({ title: `Contract ${i}`, file: pdf, signatures }, i % 10 === 9 ? 'DR' : 'PE');
    const [first, second] = document.signatureIds;
    if (!first || !second || document.status === 'DR') continue;
    const move = i % 6;
    if (move === 1) expectOk(workflow.sign(first, { name: `Signer ${i}` }));
    if (move === 2) expectOk(workflow.reject(second));
    if (move === 3) expectOk(workflow.cancel(document.id, 'Wrong recipient'));
    if (move === 4) {
      expectOk(workflow.sign(first));
      expectOk(workflow.sign(second));
    }
    if (move === 5) expectOk(workflow.open(second));
  }
}

function expectOk(outcome: { ok: boolean }): void {
  expect(outcome.ok).toBe(true);
}

function expectMirrorEquals(documents: WireDocument[]): void {
  for (const wire of documents) {
    const mirrored = engine.reader.get(ACCOUNT, wire.id);
    expect(mirrored, wire.id).not.toBeNull();
    expect({
      title: mirrored?.title,
      status: mirrored?.status,
      cancelReason: mirrored?.cancelReason,
      signatures: mirrored?.signatures.map((s) => [s.id, s.status, s.displayName]),
    }).toEqual({
      title: wire.title,
      status: wire.status,
      cancelReason: wire.cancel_reason,
      signatures: wire.signatures.map((s) => [s.id, s.status, s.validations.EM?.value]),
    });
    expect(mirrored?.raw).toEqual(wire);
  }
}

describe('full sync against the sandbox', () => {
  it('mirrors 1,000 documents read through pagination, document by document', async () => {
    seed(1_000);
    const progress: FullSyncProgress[] = [];
    const result = await engine.fullSync.run(ACCOUNT, { onProgress: (p) => progress.push(p) });

    expect(result).toMatchObject({ pages: 10, documents: 1_000, changed: 1_000, absent: 0 });
    expect(progress.map((p) => p.documents)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000]);
    expect(progress.every((p) => p.total === 1_000)).toBe(true);
    const state = await sandbox.controlClient.state();
    expect(state.documents).toHaveLength(1_000);
    expectMirrorEquals(state.documents);

    const byStatus: Record<string, number> = {};
    // Counted by display state: a pending document a signer rejected is "Rejected — needs action" (issue 24).
    for (const document of state.documents) {
      const shown = displayStatusOf(
        document.status,
        document.signatures.map((s) => s.status),
      );
      byStatus[shown] = (byStatus[shown] ?? 0) + 1;
    }
    expect(engine.queries.counts(ACCOUNT)).toEqual({ byStatus, total: 1_000 });
    expect(changes.flat()).toHaveLength(1_000);
    expect(engine.syncState.get(ACCOUNT)).toMatchObject({ pages: 10, documents: 1_000, absent: 0, error: null });
    expect(engine.syncState.get(ACCOUNT)?.finishedAt).not.toBeNull();
  });

  it('a second full sync changes only what changed on the service, and keeps documents it no longer lists', async () => {
    seed(150);
    await engine.fullSync.run(ACCOUNT);
    const before = await sandbox.controlClient.state();
    const pending = before.documents.filter((d) => d.status === 'PE').slice(0, 3);
    for (const document of pending) expectOk(sandbox.services.workflow.cancel(document.id, 'Changed my mind'));
    changes.length = 0;

    const again = await engine.fullSync.run(ACCOUNT);
    expect(again).toMatchObject({ documents: 150, changed: 3, absent: 0 });
    expect(changes.flat().sort()).toEqual(pending.map((d) => d.id).sort());
    expectMirrorEquals((await sandbox.controlClient.state()).documents);

    await sandbox.controlClient.reset();
    const empty = await engine.fullSync.run(ACCOUNT);
    expect(empty).toMatchObject({ documents: 0, changed: 0, absent: 150 });
    expect(engine.queries.counts(ACCOUNT).total).toBe(150);
    expect(engine.syncState.get(ACCOUNT)?.absent).toBe(150);
  });

  it('joins a full sync already running, and records a failed one', async () => {
    seed(20);
    const [a, b] = await Promise.all([engine.fullSync.run(ACCOUNT), engine.fullSync.run(ACCOUNT)]);
    expect(a).toBe(b);

    await sandbox.controlClient.setFaults({ error_rate: 1, error_statuses: [500], operations: ['list'] });
    try {
      await expect(engine.fullSync.run(ACCOUNT)).rejects.toMatchObject({ kind: 'ServerError' });
    } finally {
      await sandbox.controlClient.setFaults({ error_rate: 0, operations: null });
    }
    expect(engine.syncState.get(ACCOUNT)).toMatchObject({ finishedAt: null, error: { kind: 'ServerError' } });
    expect(engine.queries.counts(ACCOUNT).total).toBe(20);
  });
});
