import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { ApiClient } from './helpers/api-client';

type Doc = { id: string; status: string; title: string; signatures: { status: string }[] };

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ demo: true });
  api = new ApiClient(sandbox);
});
afterAll(() => sandbox.stop());

function statusesOf(documents: Doc[]) {
  return {
    documents: new Set(documents.map((document) => document.status)),
    signatures: new Set(documents.flatMap((document) => document.signatures.map((signature) => signature.status))),
  };
}

describe('demo data', () => {
  it('--demo loads about fifty documents across every document and signature status', async () => {
    const documents = (await api.get('/api/v2/documents')).json as Doc[];
    expect(documents.length).toBeGreaterThanOrEqual(45);
    expect(documents.length).toBeLessThanOrEqual(60);
    const seen = statusesOf(documents);
    expect([...seen.documents].sort()).toEqual(['CA', 'CO', 'DR', 'PE']);
    expect([...seen.signatures].sort()).toEqual(['CA', 'CO', 'DE', 'IN', 'PE']);
    expect(new Set(documents.map((document) => document.title)).size).toBeGreaterThan(30);
  });

  it('--demo: every completed document has its three evidence files', async () => {
    const completed = ((await api.get('/api/v2/documents')).json as Doc[]).filter((document) => document.status === 'CO').slice(0, 3);
    expect(completed.length).toBe(3);
    for (const document of completed) {
      for (const kind of ['zipfile', 'pdf-certificate', 'document']) {
        expect((await api.get(`/api/v2/documents/${document.id}/download/${kind}`)).status).toBe(200);
      }
    }
  });

  it('--demo turns auto-sign on', async () => {
    expect((await sandbox.controlClient.autoSign()).enabled).toBe(true);
  });
});

describe('npm run sandbox', () => {
  it('`tsx test/sandbox/main.ts --port 0 --demo --json` prints one JSON line {url, key, control, controlToken, tsaUrl, tsaCaFile}; the key lists the demo documents, the token opens the control API', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', '--demo', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const first = await new Promise<string>((resolve, reject) => {
        lines.once('line', resolve);
        child.once('exit', (code) => reject(new Error(`sandbox exited with ${String(code)}`)));
      });
      const summary = JSON.parse(first) as {
        url: string;
        key: string;
        control: string;
        controlToken: string;
        tsaUrl: string;
        tsaCaFile: string;
      };
      expect(Object.keys(summary)).toEqual(['url', 'key', 'control', 'controlToken', 'tsaUrl', 'tsaCaFile']);
      expect(summary.tsaUrl).toBe(`${summary.url}/tsa`);
      expect(readFileSync(summary.tsaCaFile, 'utf8')).toContain('BEGIN CERTIFICATE');
      expect(summary.controlToken).toMatch(/^[0-9a-f]{64}$/);
      expect((await fetch(`${summary.control}/auto-sign`)).status).toBe(401);
      expect((await fetch(`${summary.control}/auto-sign`, { headers: { 'x-sandbox-control-token': summary.controlToken } })).status).toBe(
        200,
      );
      expect(summary.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(summary.control).toBe(`${summary.url}/_sandbox`);
      const response = await fetch(`${summary.url}/api/v2/documents`, { headers: { authorization: `Bearer ${summary.key}` } });
      expect(response.status).toBe(200);
      const documents = (await response.json()) as Doc[];
      expect(documents.length).toBeGreaterThanOrEqual(45);
      const more = await new Promise<string>((resolve) => {
        let rest = '';
        lines.on('line', (line) => (rest += line));
        setTimeout(() => resolve(rest), 100);
      });
      expect(more).toBe('');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
