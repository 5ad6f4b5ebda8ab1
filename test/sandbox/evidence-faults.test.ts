import { createHash } from 'node:crypto';
import { get } from 'node:http';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombBytes, faultEntries } from './evidence/hostile-package';
import { ApiClient, createDocument } from './helpers/api-client';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';

/**
 * Issue 14 item 3: evidence faults of the control API (`evidence_fault`, `evidence_fault_documents`).
 * Each is read back from the raw bytes served: the central directory's names and unix modes, the
 * declared sizes, the hash lists, and a body shorter than its Content-Length.
 */
interface CentralEntry {
  name: string;
  mode: number;
  packed: number;
  size: number;
}

function centralDirectory(zip: Buffer): CentralEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const out: CentralEntry[] = [];
  for (let i = 0; i < zip.readUInt16LE(end + 10); i += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    out.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      mode: zip.readUInt32LE(at + 38) >>> 16,
      packed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

let sandbox: Sandbox;
let api: ApiClient;
const ids: string[] = [];
let clean: Buffer;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 32 });
  api = new ApiClient(sandbox);
  for (let i = 0; i < 2; i += 1) {
    const document = await createDocument(api, { title: `Faulty ${i}` });
    for (const signature of document.signatures) await sandbox.controlClient.sign(signature.id);
    ids.push(document.id);
  }
  clean = (await api.get(`/api/v2/documents/${ids[0]}/download/zipfile`)).bytes;
});
afterAll(() => sandbox.stop());

const zipOf = async (id: string) => (await api.get(`/api/v2/documents/${id}/download/zipfile`)).bytes;

describe('evidence faults', () => {
  it('hash_mismatch: both hash lists give original.pdf a SHA-256 that is not its own; the entry is untouched', async () => {
    await sandbox.controlClient.setFaults({ evidence_fault: 'hash_mismatch', evidence_fault_documents: [ids[0]!] });
    const zip = await JSZip.loadAsync(await zipOf(ids[0]!));
    const original = await zip.file('original.pdf')!.async('nodebuffer');
    const real = createHash('sha256').update(original).digest('hex');
    const listed = /^([0-9a-f]{64}) {2}original\.pdf$/m.exec(await zip.file('SHA256SUMS')!.async('string'))?.[1];
    expect(listed).toMatch(/^[0-9a-f]{64}$/);
    expect(listed).not.toBe(real);
    expect(await zip.file('hashes.json')!.async('string')).not.toContain(real);
    expect(original.equals(await (await JSZip.loadAsync(clean)).file('original.pdf')!.async('nodebuffer'))).toBe(true);
    // Only the listed documents: the other one's package is clean.
    const other = await JSZip.loadAsync(await zipOf(ids[1]!));
    const otherOriginal = await other.file('original.pdf')!.async('nodebuffer');
    expect(await other.file('SHA256SUMS')!.async('string')).toContain(createHash('sha256').update(otherOriginal).digest('hex'));
  });

  it('zip_slip, absolute_path, symlink and zip_bomb add their entry to the real package', async () => {
    const cleanNames = centralDirectory(clean).map((e) => e.name);
    for (const fault of ['zip_slip', 'absolute_path', 'symlink', 'zip_bomb'] as const) {
      await sandbox.controlClient.setFaults({ evidence_fault: fault, evidence_fault_documents: null });
      const entries = centralDirectory(await zipOf(ids[0]!));
      expect(entries.map((e) => e.name)).toEqual([...cleanNames, faultEntries[fault]]);
      const added = entries[entries.length - 1]!;
      if (fault === 'symlink') expect(added.mode).toBe(0o120777);
      else expect(added.mode).toBe(0o100644);
      if (fault === 'zip_bomb') {
        expect(added.size).toBe(bombBytes);
        expect(added.size / added.packed).toBeGreaterThan(500);
      }
    }
    expect((await sandbox.controlClient.stats()).faults.evidence).toBe(5);
  });

  it('truncated: Content-Length promised, the connection ends after half the body, for each of the three files', async () => {
    await sandbox.controlClient.setFaults({ evidence_fault: 'truncated', evidence_fault_documents: [ids[1]!] });
    for (const kind of ['zipfile', 'pdf-certificate', 'document']) {
      const { promised, received, aborted } = await new Promise<{ promised: number; received: number; aborted: boolean }>((resolve) => {
        get(
          `${sandbox.url}/api/v2/documents/${ids[1]}/download/${kind}`,
          { headers: { authorization: `Bearer ${sandbox.key}` } },
          (res) => {
            let received = 0;
            res.on('data', (chunk: Buffer) => (received += chunk.length));
            res.on('error', () => undefined);
            res.on('close', () => resolve({ promised: Number(res.headers['content-length']), received, aborted: !res.complete }));
          },
        );
      });
      expect(aborted).toBe(true);
      expect(promised).toBeGreaterThan(0);
      expect(received).toBe(Math.floor(promised / 2));
    }
    await sandbox.controlClient.setFaults({ evidence_fault: null });
    expect((await api.get(`/api/v2/documents/${ids[1]}/download/zipfile`)).status).toBe(200);
  });

  it('the control API refuses an unknown evidence fault and a document list that is not one', async () => {
    await expect(sandbox.controlClient.setFaults({ evidence_fault: 'gremlins' as never })).rejects.toThrow(
      /evidence_fault.*one of hash_mismatch/,
    );
    await expect(sandbox.controlClient.setFaults({ evidence_fault_documents: 'x' as never })).rejects.toThrow(/evidence_fault_documents/);
  });
});
