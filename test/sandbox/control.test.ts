import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { ApiClient, createDocument, pdfBase64, twoSigners } from './helpers/api-client';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11 });
  api = new ApiClient(sandbox);
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.controlClient.reset());

describe('control API', () => {
  it('GET /stats counts creates per title and per file hash, so duplicates are visible', async () => {
    await createDocument(api, { title: 'Factura 1' });
    await createDocument(api, { title: 'Factura 1' });
    await createDocument(api, { title: 'Factura 2' });
    const stats = await sandbox.controlClient.stats();
    expect(stats.creates.total).toBe(3);
    expect(stats.creates.by_title).toEqual({ 'Factura 1': 2, 'Factura 2': 1 });
    expect(Object.values(stats.creates.by_file_hash)).toEqual([3]);
    expect(stats.duplicates.titles).toEqual(['Factura 1']);
    expect(stats.requests.by_operation.create).toBe(3);
    expect(stats.requests.by_status['201']).toBe(3);
  });

  it('GET /state answers every document as the service would return it', async () => {
    const created = await createDocument(api);
    const state = await sandbox.controlClient.state();
    expect(state.documents).toEqual([(await api.get(`/api/v2/documents/${created.id}`)).json]);
  });

  it('POST /sign-all signs every pending signature and completes the documents', async () => {
    const a = await createDocument(api, twoSigners());
    const b = await createDocument(api);
    await sandbox.controlClient.reject(b.signatures[0]?.id ?? '');
    const result = await sandbox.controlClient.signAll();
    expect(result.signed).toHaveLength(2);
    expect(result.completed).toEqual([a.id]);
    const states = (await sandbox.controlClient.state()).documents.map((document) => [document.id, document.status]);
    expect(states).toEqual(
      expect.arrayContaining([
        [a.id, 'CO'],
        [b.id, 'PE'],
      ]),
    );
  });

  it('PUT /auto-sign signs newly invited signers after the delay', async () => {
    await sandbox.controlClient.setAutoSign({ enabled: true, delay_ms: 40 });
    const created = await createDocument(api, twoSigners());
    await new Promise((resolve) => setTimeout(resolve, 120));
    const document = (await api.get(`/api/v2/documents/${created.id}`)).json as { status: string };
    expect(document.status).toBe('CO');
    expect((await sandbox.controlClient.notifications()).map((payload) => payload.notification_action)).toEqual(['DS', 'DS', 'DC']);
  });

  it('PUT /auto-sign with reject_rate 1 makes signers reject', async () => {
    await sandbox.controlClient.setAutoSign({ enabled: true, delay_ms: 10, reject_rate: 1 });
    const created = await createDocument(api);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(((await api.get(`/api/v2/documents/${created.id}`)).json as { signatures: { status: string }[] }).signatures[0]?.status).toBe(
      'DE',
    );
  });

  it('POST /reset empties the account but keeps the keys', async () => {
    await createDocument(api);
    const key = await sandbox.controlClient.addKey();
    await sandbox.controlClient.reset();
    expect((await sandbox.controlClient.state()).documents).toEqual([]);
    expect((await sandbox.controlClient.stats()).creates.total).toBe(0);
    expect((await api.withKey(key).get('/api/v2/documents')).status).toBe(200);
  });

  it('POST /documents seeds a draft (DR), which the service API cannot create', async () => {
    const draft = await sandbox.controlClient.createDocument({
      title: 'Borrador',
      status: 'DR',
      file_content: await pdfBase64(),
      signatures: [{ validations: { EM: 'b@example.com' } }],
    });
    expect(draft.status).toBe('DR');
    await expect(sandbox.controlClient.sign(draft.signatures[0]?.id ?? '')).rejects.toMatchObject({ status: 409 });
    await expect(sandbox.controlClient.createDocument({ signatures: [] })).rejects.toMatchObject({ status: 400 });
  });

  it('POST /notify emits any kind, with a notification_id', async () => {
    const payload = await sandbox.controlClient.notify({ notification_action: 'TU', document_id: 'x' });
    expect(payload.notification_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sandbox.controlClient.notifications()).toEqual([payload]);
  });

  it('POST /clock/advance moves the sandbox clock', async () => {
    const before = Date.parse((await sandbox.controlClient.state()).now);
    const { now } = await sandbox.controlClient.advanceClock(3 * 60 * 60 * 1000);
    expect(Date.parse(now) - before).toBeGreaterThanOrEqual(3 * 60 * 60 * 1000);
  });

  it('the control API needs no key and is not rate limited or faulted', async () => {
    await sandbox.controlClient.setFaults({ error_rate: 1 });
    await sandbox.controlClient.setRateLimit({ enabled: true, rate: 0.001, burst: 1 });
    const headers = { 'x-sandbox-control-token': sandbox.controlToken };
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${sandbox.control}/stats`, { headers })).status).toBe(200);
    await sandbox.controlClient.setRateLimit({ enabled: true, rate: 50, burst: 100 });
  });

  it('GET /_sandbox lists the control endpoints; unknown ones → 404', async () => {
    const headers = { 'x-sandbox-control-token': sandbox.controlToken };
    const index = (await (await fetch(sandbox.control, { headers })).json()) as { endpoints: string[] };
    expect(index.endpoints).toContain('PUT /_sandbox/faults');
    expect((await fetch(`${sandbox.control}/nope`, { headers })).status).toBe(404);
  });

  it('stop() closes every socket and timer: a stopped sandbox refuses connections', async () => {
    const other = await startSandbox({ autoSign: { enabled: true, delay_ms: 60_000 } });
    await createDocument(new ApiClient(other));
    expect(other.services.timers.size).toBeGreaterThan(0);
    await other.stop();
    expect(other.services.timers.size).toBe(0);
    await expect(fetch(`${other.url}/api/v2/documents`)).rejects.toThrow();
  });
});
