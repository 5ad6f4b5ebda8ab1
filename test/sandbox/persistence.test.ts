import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from './start-sandbox';
import { ApiClient, createDocument } from './helpers/api-client';

const folder = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('stateFile: a demo survives a restart', () => {
  it('documents, PDFs and keys are saved on stop and reloaded on start; evidence comes out the same', async () => {
    const stateFile = join(folder, 'state.json');
    const first = await startSandbox({ stateFile });
    const api = new ApiClient(first);
    const signed = await createDocument(api, { title: 'Persistente' });
    await first.controlClient.sign(signed.signatures[0]?.id ?? '');
    const pending = await createDocument(api, { title: 'Pendiente' });
    const zip = (await api.get(`/api/v2/documents/${signed.id}/download/zipfile`)).bytes;
    const before = (await api.get('/api/v2/documents')).json;
    await first.stop();

    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({ version: 1 });
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const second = await startSandbox({ stateFile });
    expect(second.key).toBe(first.key);
    const again = new ApiClient(second);
    const after = (await again.get('/api/v2/documents')).json as { url?: string }[];
    expect(JSON.stringify(after).replaceAll(second.url, 'URL')).toBe(JSON.stringify(before).replaceAll(first.url, 'URL'));
    expect((await again.get(`/api/v2/documents/${signed.id}/download/zipfile`)).bytes.equals(zip)).toBe(true);
    await second.controlClient.sign(pending.signatures[0]?.id ?? '');
    expect(((await again.get(`/api/v2/documents/${pending.id}`)).json as { status: string }).status).toBe('CO');
    await second.stop();
  });

  it('a fixed key option wins over the saved one, and the saved keys keep working', async () => {
    const stateFile = join(folder, 'keys.json');
    const first = await startSandbox({ stateFile });
    await first.stop();
    const second = await startSandbox({ stateFile, key: 'my-fixed-demo-key' });
    expect(second.key).toBe('my-fixed-demo-key');
    expect((await new ApiClient(second, first.key).get('/api/v2/documents')).status).toBe(200);
    await second.stop();
  });
});
