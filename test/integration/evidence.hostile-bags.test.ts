import { spawnSync } from 'node:child_process';
import { constants, existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../electron/core/host';
import type { BagDetail, BagSummary, ExportResult, IndexResult } from '../../shared/domain/evidence';
import { call, sandboxCore } from '../helpers/evidence-core';
import { hostileBags, outsideFolder } from '../helpers/hostile-bags';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * The hostile-bag corpus (test/helpers/hostile-bags.ts) on real bags archived from the sandbox: a
 * symlinked file, a symlinked data/, a FIFO, a manifest naming ../../etc/passwd, the package removed
 * and the signed PDF altered with every manifest recomputed, a poisoned verification.json saying
 * passed, a 5 MB title. `verify` (the real CLI process) exits 1 for each with its own words;
 * `--rebuild-index` shows each failed or incomplete; `export-legal` leaves each out with why; and
 * `evidence.get` / `evidence.file` never open or look up a path outside the bag: every path handed
 * to node:fs during those calls is recorded (the module is wrapped at the boundary, nothing of
 * SignDock's own is mocked) and each must lie inside the bag.
 */
const fsCalls = vi.hoisted(() => {
  const calls: { name: string; path: string; flags: unknown }[] = [];
  const state = { on: false, calls };
  /** The module with these functions recording the path (and flags) they are handed while `on`. */
  const recording = (real: Record<string, unknown>, names: string[]) => {
    const wrapped = Object.fromEntries(
      names.map((name) => [
        name,
        (...args: unknown[]) => {
          if (state.on) calls.push({ name, path: String(args[0]), flags: args[1] });
          return (real[name] as (...a: unknown[]) => unknown)(...args);
        },
      ]),
    );
    return { ...real, ...wrapped, default: { ...(real.default as object), ...wrapped } };
  };
  return Object.assign(state, { recording });
});

vi.mock('node:fs/promises', async (importOriginal) =>
  fsCalls.recording(await importOriginal(), [
    'open',
    'lstat',
    'stat',
    'readFile',
    'readdir',
    'realpath',
    'access',
    'opendir',
    'readlink',
    'copyFile',
  ]),
);
vi.mock('node:fs', async (importOriginal) =>
  fsCalls.recording(await importOriginal(), [
    'openSync',
    'statSync',
    'lstatSync',
    'readFileSync',
    'readdirSync',
    'realpathSync',
    'existsSync',
    'createReadStream',
    'open',
    'stat',
    'lstat',
    'readFile',
  ]),
);

describe('hostile bags', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let core: Core;
  let outside: string;
  const bags = new Map<string, { bagPath: string; documentId: string }>();
  let sound: { bagPath: string; documentId: string };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 23, autoSign: { enabled: false } });
    const file = await samplePdf('Hostile');
    const ids = [...hostileBags.map((c) => c.name), 'sound'].map(
      (name) =>
        [
          name,
          sandbox.services.workflow.create({
            title: `Bag ${name}`,
            file,
            signatures: [{ validations: { EM: 'h@example.com' }, inviteChannel: ['EM'] }],
          }).id,
        ] as const,
    );
    await sandbox.controlClient.signAll();
    home = tempFolder('signdock-hostile-bags-');
    outside = outsideFolder(home.path);
    core = await sandboxCore(sandbox, join(home.path, 'main'));
    const job = await call<{ id: string }>(core, 'evidence.archive', { documentIds: ids.map(([, id]) => id) });
    expect((await core.jobs.whenSettled(job.id)).state).toBe('finished');
    for (const [name, id] of ids) {
      const [bag] = await call<BagSummary[]>(core, 'evidence.forDocument', { documentId: id });
      expect(bag?.verdict, name).toBe('passed');
      if (name === 'sound') sound = { bagPath: bag!.bagPath, documentId: id };
      else bags.set(name, { bagPath: bag!.bagPath, documentId: id });
    }
    for (const hostile of hostileBags) await hostile.make(bags.get(hostile.name)!.bagPath, outside);
  }, 180_000);
  afterAll(async () => {
    await core?.close();
    await sandbox?.stop();
    home?.remove();
  });

  it('the index lists none of them as passed: a page whose bags changed since they were indexed is verified again first', async () => {
    const page = await call<{ total: number; bags: BagSummary[] }>(core, 'evidence.list', { limit: 50, offset: 0 });
    for (const hostile of hostileBags) {
      const shown = page.bags.find((b) => b.bagPath === bags.get(hostile.name)!.bagPath);
      expect(shown?.verdict, hostile.name).not.toBe('passed');
    }
    expect(page.bags.find((b) => b.bagPath === sound.bagPath)?.verdict).toBe('passed');
  });

  it('verify (the real CLI) exits 1 for each, with its own words, and --json never says null', async () => {
    for (const hostile of hostileBags) {
      const { bagPath } = bags.get(hostile.name)!;
      const run = await runCli(['--home', join(home.path, 'reviewer'), 'verify', bagPath]);
      expect(run.code, `${hostile.name}\n${run.stdout}${run.stderr}`).toBe(1);
      expect(run.stdout, hostile.name).toContain(`${hostile.verdict === 'failed' ? 'FAILED     ' : 'INCOMPLETE '} ${bagPath} ·`);
      expect(run.stdout, hostile.name).toMatch(hostile.words);
      // The words of every other case are not this one's.
      for (const other of hostileBags.filter((o) => o.name !== hostile.name))
        expect(run.stdout, `${hostile.name} said ${other.name}'s words`).not.toMatch(other.words);
      expect(run.stdout).not.toContain('OUTSIDE-THE-BAG-CANARY');
      expect(run.stdout).not.toMatch(/root:x:0:0/);
    }
    const all = await runCli(['--home', join(home.path, 'reviewer'), '--json', 'verify', join(home.path, 'main', 'archive')]);
    expect(all.code).toBe(1);
    const json = JSON.parse(all.stdout) as {
      bags: { bagPath: string; verdict: string; problems: unknown[] }[];
      verdicts: Record<string, number>;
    };
    expect(json.verdicts).toEqual({ passed: 1, failed: 6, incomplete: 2 });
    for (const hostile of hostileBags) {
      const found = json.bags.find((b) => b.bagPath === bags.get(hostile.name)!.bagPath);
      expect([hostile.name, found?.verdict]).toEqual([hostile.name, hostile.verdict]);
      expect(found?.problems.length).toBeGreaterThan(0);
    }
    // The poisoned record still says passed; nothing took it as a result.
    expect(
      JSON.parse(readFileSync(join(bags.get('poisoned verification.json saying passed')!.bagPath, 'data', 'verification.json'), 'utf8'))
        .verdict,
    ).toBe('passed');
  }, 240_000);

  it('--rebuild-index (no account) shows each failed or incomplete', async () => {
    const run = await runCli([
      '--home',
      join(home.path, 'reviewer'),
      '--json',
      'archive',
      '--rebuild-index',
      '--dir',
      join(home.path, 'main', 'archive'),
    ]);
    expect(run.code, run.stderr).toBe(1);
    const rebuilt = JSON.parse(run.stdout) as IndexResult;
    expect(rebuilt.verdicts).toEqual({ passed: 1, failed: 6, incomplete: 2 });
    for (const hostile of hostileBags)
      expect([hostile.name, rebuilt.results.find((r) => r.bagPath === bags.get(hostile.name)!.bagPath)?.verdict]).toEqual([
        hostile.name,
        hostile.verdict,
      ]);
    const human = await runCli([
      '--home',
      join(home.path, 'reviewer'),
      'archive',
      '--rebuild-index',
      '--dir',
      join(home.path, 'main', 'archive'),
    ]);
    expect(human.stdout).toContain('each verified from its files: 1 passed, 6 failed, 2 incomplete.');
    for (const hostile of hostileBags)
      expect(human.stdout).toContain(
        `${hostile.verdict === 'failed' ? 'FAILED     ' : 'INCOMPLETE '} ${bags.get(hostile.name)!.bagPath} ·`,
      );
  }, 120_000);

  it('export-legal leaves each out with why, and exports the sound bag', async () => {
    const out = join(home.path, 'counsel.zip');
    const ids = [...[...bags.values()].map((b) => b.documentId), sound.documentId];
    const run = await runCli(['--home', join(home.path, 'reviewer'), '--json', 'export-legal', '--ids', ids.join(','), '--out', out]);
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout) as ExportResult;
    expect(result.documents).toBe(1);
    for (const hostile of hostileBags) {
      const entry = result.bags.find((b) => b.bagPath === bags.get(hostile.name)!.bagPath);
      expect([hostile.name, entry?.included, entry?.verdict]).toEqual([hostile.name, false, hostile.verdict]);
      expect(entry?.why.length, hostile.name).toBeGreaterThan(0);
    }
    const listing = spawnSync('unzip', ['-Z1', out], { encoding: 'utf8' }).stdout.split('\n');
    expect(
      listing
        .filter((name) => name.includes('/data/bags/'))
        .every((name) => name.includes(`/data/bags/${sound.bagPath.slice(sound.bagPath.lastIndexOf('/') + 1)}/`)),
    ).toBe(true);
    const custody = JSON.parse(spawnSync('unzip', ['-p', out, 'counsel/data/custody.json'], { encoding: 'utf8' }).stdout) as {
      documents: { verdict: string }[];
      leftOut: { documentId: string; why: string[] }[];
    };
    expect(custody.documents.map((d) => d.verdict)).toEqual(['passed']);
    expect(custody.leftOut.map((b) => b.documentId).sort()).toEqual([...bags.values()].map((b) => b.documentId).sort());
    // Counsel checks the export with standard tools alone, as VERIFY.txt says: sha256sum -c in the export
    // and in each bag, pdfsig on each signed PDF (no timestamp token without a TSA: VERIFY.txt says so).
    const unpacked = join(home.path, 'unpacked');
    expect(spawnSync('unzip', ['-q', out, '-d', unpacked]).status).toBe(0);
    const root = join(unpacked, 'counsel');
    const instructions = readFileSync(join(root, 'data', 'VERIFY.txt'), 'utf8');
    expect(instructions).toContain('no bag in this export is timestamped');
    const bagFolders = [
      ...instructions.matchAll(/\(cd '([^']+)' && sha256sum -c tagmanifest-sha256\.txt && sha256sum -c manifest-sha256\.txt\)/g),
    ].map((m) => m[1]!);
    expect(bagFolders).toHaveLength(1);
    for (const folder of ['.', ...bagFolders]) {
      for (const manifest of ['tagmanifest-sha256.txt', 'manifest-sha256.txt']) {
        const checked = spawnSync('sha256sum', ['-c', manifest], { cwd: join(root, folder), encoding: 'utf8' });
        expect(checked.status, `${folder}/${manifest}: ${checked.stdout}${checked.stderr}`).toBe(0);
      }
    }
    for (const [, signed] of instructions.matchAll(/pdfsig '([^']+)'/g)) {
      const pdfsig = spawnSync('pdfsig', [join(root, signed!)], { encoding: 'utf8' });
      expect(pdfsig.stdout).toContain('Signature Validation: Signature is Valid.');
    }
    const human = await runCli([
      '--home',
      join(home.path, 'reviewer'),
      'export-legal',
      '--ids',
      ids.join(','),
      '--out',
      join(home.path, 'counsel-2.zip'),
    ]);
    for (const hostile of hostileBags)
      expect(human.stdout).toMatch(
        new RegExp(`LEFT OUT {4}[^\\n]* \\(${bags.get(hostile.name)!.documentId}\\): (FAILED|INCOMPLETE)\\n {12}(failed|incomplete): `),
      );
  }, 120_000);

  it('evidence.get and evidence.file never open or look up a path outside the bag', async () => {
    await call(core, 'evidence.rebuildIndex', {});
    for (const hostile of hostileBags) {
      const { bagPath } = bags.get(hostile.name)!;
      fsCalls.calls.length = 0;
      fsCalls.on = true;
      let answers = '';
      try {
        const detail = await core.dispatch('evidence.get', { bagPath });
        answers += JSON.stringify(detail);
        if (detail.ok) expect((detail.value as BagDetail).verdict, hostile.name).toBe(hostile.verdict);
        for (const kind of ['signed', 'certificate', 'package', 'verification'])
          answers += JSON.stringify(await core.dispatch('evidence.file', { bagPath, kind }));
      } finally {
        fsCalls.on = false;
      }
      // The recorder works: the bag's own files were looked at through it.
      expect(
        fsCalls.calls.some((c) => resolve(c.path).startsWith(bagPath + sep)),
        hostile.name,
      ).toBe(true);
      // Where each call lands: a call that follows links lands where the path resolves to; one that does
      // not (lstat, readdir, an open with O_NOFOLLOW) lands in the path's own folder, resolved.
      const bagReal = realpathSync(bagPath);
      const lands = (c: { name: string; path: string; flags: unknown }) => {
        const follows =
          !['lstat', 'lstatSync', 'readdir', 'readdirSync', 'opendir', 'readlink'].includes(c.name) &&
          !(c.name === 'open' && typeof c.flags === 'number' && (c.flags & constants.O_NOFOLLOW) !== 0);
        const path = resolve(c.path);
        if (path.startsWith('/proc/self/fd/') || path.startsWith(process.cwd() + sep)) return null;
        const real = (p: string) => (existsSync(p) ? realpathSync(p) : p);
        return follows ? real(path) : join(real(dirname(path)), basename(path));
      };
      const outsideTheBag = fsCalls.calls
        .map((c) => [c.name, lands(c)] as const)
        .filter(([, at]) => at !== null && at !== bagReal && !at.startsWith(bagReal + sep));
      expect([hostile.name, outsideTheBag]).toEqual([hostile.name, []]);
      expect(answers).not.toContain(Buffer.from('OUTSIDE-THE-BAG-CANARY').toString('base64').slice(0, 16));
      expect(answers).not.toContain(Buffer.from(readFileSync('/etc/passwd').subarray(0, 12)).toString('base64'));
    }
  }, 120_000);
});
