import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureBag } from '../helpers/evidence-bags';
import { startTempWebHost, type TempWebHost } from '../helpers/temp-web-host';
import { tempFolder } from '../helpers/temp-folder';
import { sandboxCaCertPem } from '../sandbox';

/**
 * Issue 23, the reviewer's path in the web host: `--archive DIR` makes that archive the one reviewed,
 * read-only (nothing archived into it, the folder not changed from the page), and a call may read only
 * bags inside it, links resolved. Reports and exports reach the browser through `POST /api/download`,
 * which hands over files of the exports folder only. Over real HTTP with the real web host.
 */
describe('web host: reviewing an archive given at start', () => {
  let web: TempWebHost;
  let archive: ReturnType<typeof tempFolder>;
  let elsewhere: ReturnType<typeof tempFolder>;
  let inside: string;
  let outsideBag: string;

  type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; code?: string; message: string } };
  const call = async <T>(op: string, input: unknown): Promise<Answer<T>> => {
    const res = await request(`${web.host.origin}/api/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signdock-token': web.host.token },
      body: JSON.stringify({ op, input }),
    });
    return (await res.body.json()) as Answer<T>;
  };
  const download = (path: string, token = web.host.token) =>
    request(`${web.host.origin}/api/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signdock-token': token },
      body: JSON.stringify({ path }),
    });

  beforeAll(async () => {
    archive = tempFolder('signdock-review-');
    elsewhere = tempFolder('signdock-elsewhere-');
    inside = await writeFixtureBag(archive.path, {
      title: 'Lease',
      documentId: '0190a1b2-0000-7000-8000-000000000001',
      files: { 'signed.pdf': 64 },
    });
    outsideBag = await writeFixtureBag(elsewhere.path, {
      title: 'Private',
      documentId: '0190a1b2-0000-7000-8000-000000000002',
      files: { 'signed.pdf': 64 },
    });
    // A link inside the archive to a bag outside it.
    symlinkSync(outsideBag, join(archive.path, 'linked-bag'));
    web = await startTempWebHost("default-src 'self'", { reviewArchive: realpathSync(archive.path) });
  });
  afterAll(async () => {
    await web.close();
    archive.remove();
    elsewhere.remove();
  });

  it('reviews that archive, and refuses to archive into it or to change it from the page', async () => {
    const settings = await call<{ archiveFolder: string }>('evidence.settings', {});
    expect(settings).toMatchObject({ ok: true, value: { archiveFolder: realpathSync(archive.path) } });
    const rebuilt = await call<{ bags: number }>('evidence.rebuildIndex', {});
    expect(rebuilt.ok && rebuilt.value.bags).toBeGreaterThanOrEqual(1);
    for (const [op, input] of [
      ['evidence.setArchiveFolder', { path: null }],
      ['evidence.archive', { documentIds: ['a'] }],
      ['evidence.planArchive', { documentIds: ['a'] }],
    ] as const) {
      expect(await call(op, input), op).toMatchObject({ ok: false, error: { code: 'evidence.reviewOnly' } });
    }
    expect(await call('evidence.report', { outFile: '/tmp/x.pdf' })).toMatchObject({ ok: false, error: { code: 'evidence.noHostPaths' } });
  });

  it('reads only bags inside the archive under review, links resolved', async () => {
    expect(await call('evidence.get', { bagPath: realpathSync(inside) })).toMatchObject({ ok: true });
    for (const bagPath of [outsideBag, join(archive.path, 'linked-bag'), '/etc', `${archive.path}/../`]) {
      for (const [op, input] of [
        ['evidence.get', { bagPath }],
        ['evidence.file', { bagPath, kind: 'signed' }],
        ['evidence.verify', { bagPaths: [bagPath] }],
        ['evidence.export', { bagPaths: [realpathSync(inside), bagPath] }],
        ['evidence.report', { bagPaths: [bagPath] }],
      ] as const) {
        expect(await call(op, input), `${op} ${bagPath}`).toMatchObject({ ok: false, error: { code: 'evidence.outsideReview' } });
      }
    }
  });

  it('downloads a report of the exports folder, and nothing else', async () => {
    const report = await call<{ pdf: string; csv: string }>('evidence.report', {});
    if (!report.ok) throw new Error(report.error.message);
    const res = await download(report.value.pdf);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evidence-report-[\w.-]+\.pdf"$/);
    expect((await res.body.arrayBuffer()).byteLength).toBeGreaterThan(500);

    const exports = join(web.dataFolder, 'exports');
    mkdirSync(exports, { recursive: true });
    writeFileSync(join(elsewhere.path, 'secret.txt'), 'private');
    symlinkSync(join(elsewhere.path, 'secret.txt'), join(exports, 'linked.txt'));
    writeFileSync(join(exports, 'notes.html'), '<p>not a kind SignDock saves</p>');
    for (const path of [
      '/etc/passwd',
      join(elsewhere.path, 'secret.txt'),
      join(exports, 'linked.txt'),
      join(exports, 'notes.html'),
      `${exports}/../signdock.db`,
      exports,
      'relative.pdf',
    ]) {
      const refused = await download(path);
      expect(refused.statusCode, path).toBe(404);
      expect(await refused.body.text(), path).not.toContain('private');
    }
    const stranger = await download(report.value.pdf, 'not-the-token');
    expect(stranger.statusCode).toBe(401);
    await stranger.body.dump();
  });

  it('reads a certificate authority before it is trusted: a test authority is named as one', async () => {
    const inspected = await call<{ subject: string; warnings: string[] }[]>('evidence.inspectTrustAnchor', { pem: sandboxCaCertPem });
    expect(inspected).toMatchObject({
      ok: true,
      value: [{ subject: expect.stringContaining('SignDock Sandbox Root CA'), warnings: ['testName'] }],
    });
    // Reading it stored nothing.
    expect(await call('evidence.settings', {})).toMatchObject({ ok: true, value: { trustAnchors: [] } });
  });
});
