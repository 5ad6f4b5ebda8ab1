import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPackage } from '../../electron/core/evidence/checks/package-checks';
import { craftZip } from '../helpers/raw-zip';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox } from '../sandbox';

/**
 * Issue 23: the strict reading raises no false alarm. ZIPs written by standard tools pass `package.safe`
 * with every check run: Info-ZIP `zip` (plain, forced ZIP64, and streamed: data descriptors), Python's zipfile (deflated, stored, to an unseekable stream: data descriptors; forced
 * ZIP64; a nested inner.zip), JSZip (as the sandbox writes it, and streamed), the raw writer's
 * descriptor forms, and a real sandbox evidence package.
 */
const python = String.raw`
import io, sys, zipfile
out = sys.argv[1]
files = {'original.pdf': b'%PDF-1.4\n' + b'stream of a document\n' * 500, 'metadata/signer-1.json': b'{"name": "Ana"}\n', 'docs/r\u00e9sum\u00e9.txt'.encode('utf8').decode('utf8'): b'hello\n'}
def write(z):
    for name, data in files.items():
        z.writestr(name, data)
with zipfile.ZipFile(out + '/python-deflated.zip', 'w', zipfile.ZIP_DEFLATED) as z: write(z)
with zipfile.ZipFile(out + '/python-stored.zip', 'w', zipfile.ZIP_STORED) as z: write(z)
class Unseekable(io.RawIOBase):
    def __init__(self, f): self.f = f
    def writable(self): return True
    def write(self, b): return self.f.write(b)
    def seekable(self): return False
with open(out + '/python-descriptors.zip', 'wb') as f:
    with zipfile.ZipFile(Unseekable(f), 'w', zipfile.ZIP_DEFLATED) as z: write(z)
with zipfile.ZipFile(out + '/python-zip64.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in files.items():
        with z.open(name, 'w', force_zip64=True) as w: w.write(data)
with open(out + '/python-descriptors-zip64.zip', 'wb') as f:
    with zipfile.ZipFile(Unseekable(f), 'w', zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            with z.open(name, 'w', force_zip64=True) as w: w.write(data)
inner = io.BytesIO()
with zipfile.ZipFile(inner, 'w', zipfile.ZIP_DEFLATED) as z: write(z)
with zipfile.ZipFile(out + '/python-nested.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    write(z)
    z.writestr('inner.zip', inner.getvalue())
`;

const hasZip = spawnSync('zip', ['-v']).status === 0;

describe('ZIPs written by standard tools pass the strict reading', () => {
  let home: ReturnType<typeof tempFolder>;
  beforeAll(() => {
    home = tempFolder('signdock-zip-tools-');
    const made = spawnSync('python3', ['-c', python, home.path], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`python3 could not write the ZIPs: ${made.stderr}`);
  });
  afterAll(() => home.remove());

  const passes = async (path: string, nested: string[] = []) => {
    const found = await inspectPackage(path, []);
    expect(found.refused, found.refused?.detail).toBeNull();
    const safe = found.checks.find((c) => c.id === 'package.safe');
    expect(safe?.status).toBe('passed');
    expect(safe?.detail).toMatch(
      /each local header agrees with the central directory and every byte is accounted for, every CRC-32 matches/,
    );
    if (nested.length > 0) expect(safe?.detail).toContain(`ZIPs inside, inspected the same way: ${nested.join(', ')}.`);
    return found;
  };
  /** General-purpose flags of the first local header. */
  const firstFlags = (path: string) => readFileSync(path).readUInt16LE(6);

  it("Python's zipfile: deflated, stored, streamed with data descriptors (32- and 64-bit), ZIP64, and a nested inner.zip", async () => {
    await passes(join(home.path, 'python-deflated.zip'));
    await passes(join(home.path, 'python-stored.zip'));
    expect(firstFlags(join(home.path, 'python-descriptors.zip')) & 0x08).toBe(0x08);
    await passes(join(home.path, 'python-descriptors.zip'));
    await passes(join(home.path, 'python-zip64.zip'));
    expect(firstFlags(join(home.path, 'python-descriptors-zip64.zip')) & 0x08).toBe(0x08);
    await passes(join(home.path, 'python-descriptors-zip64.zip'));
    // The nested ZIP is inspected from a private temporary copy, removed at once.
    const temp = join(home.path, 'tmp');
    mkdirSync(temp);
    const before = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      const nested = await passes(join(home.path, 'python-nested.zip'), ['inner.zip']);
      expect([...nested.entryHashes.keys()]).toContain('inner.zip');
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(readdirSync(temp)).toEqual([]);
  });

  it.skipIf(!hasZip)('Info-ZIP zip: a folder with subfolders, forced ZIP64, and streamed to a pipe (data descriptors)', async () => {
    const folder = join(home.path, 'tree');
    mkdirSync(join(folder, 'signatures'), { recursive: true });
    writeFileSync(join(folder, 'original.pdf'), await samplePdf('Info-ZIP'));
    writeFileSync(join(folder, 'signatures', 'signer-1.json'), '{"signer": 1}\n');
    const plain = spawnSync('zip', ['-q', '-r', join(home.path, 'infozip.zip'), '.'], { cwd: folder, encoding: 'utf8' });
    expect(plain.status, plain.stderr).toBe(0);
    await passes(join(home.path, 'infozip.zip'));
    const zip64 = spawnSync('zip', ['-q', '-fz', '-r', join(home.path, 'infozip-zip64.zip'), '.'], { cwd: folder, encoding: 'utf8' });
    expect(zip64.status, zip64.stderr).toBe(0);
    await passes(join(home.path, 'infozip-zip64.zip'));
    const streamed = spawnSync('sh', ['-c', `zip -q -r - . | cat > '${join(home.path, 'infozip-stream.zip')}'`], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(streamed.status, streamed.stderr).toBe(0);
    expect(firstFlags(join(home.path, 'infozip-stream.zip')) & 0x08).toBe(0x08);
    await passes(join(home.path, 'infozip-stream.zip'));
  });

  it('JSZip, as the sandbox writes packages and streamed (data descriptors)', async () => {
    const zip = new JSZip();
    zip.file('original.pdf', await samplePdf('JSZip'));
    zip.file('metadata/signer-1.json', '{"signer": 1}\n');
    for (const streamFiles of [false, true]) {
      const path = join(home.path, `jszip-${streamFiles}.zip`);
      writeFileSync(path, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', streamFiles }));
      expect(firstFlags(path) & 0x08).toBe(streamFiles ? 0x08 : 0);
      await passes(path);
    }
  });

  it("the raw writer's data descriptors, with and without their signature", async () => {
    for (const descriptor of ['signed', 'unsigned'] as const) {
      const path = join(home.path, `descriptor-${descriptor}.zip`);
      writeFileSync(
        path,
        craftZip([
          { name: 'a.pdf', data: Buffer.from('%PDF a'), descriptor },
          { name: 'b.pdf', data: Buffer.from('%PDF b'.repeat(100)), method: 8, descriptor },
        ]),
      );
      await passes(path);
    }
  });

  it('a real sandbox evidence package', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 23, autoSign: { enabled: false } });
    try {
      const id = sandbox.services.workflow.create({
        title: 'Strict reading',
        file: await samplePdf('Strict'),
        signatures: [{ validations: { EM: 'a@example.com' }, inviteChannel: ['EM'] }],
      }).id;
      await sandbox.controlClient.signAll();
      const response = await fetch(`${sandbox.url}/api/v2/documents/${id}/download/zipfile`, {
        headers: { authorization: `Bearer ${sandbox.key}` },
      });
      expect(response.status).toBe(200);
      const path = join(home.path, 'sandbox-package.zip');
      writeFileSync(path, Buffer.from(await response.arrayBuffer()));
      const found = await passes(path);
      expect(found.checks.filter((c) => c.id === 'package.listedHash').every((c) => c.status === 'passed')).toBe(true);
    } finally {
      await sandbox.stop();
    }
  }, 60_000);
});
