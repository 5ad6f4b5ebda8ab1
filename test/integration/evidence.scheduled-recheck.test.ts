import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { JobLeases } from '../../electron/core/jobs/leases';
import { recheckArchive, type RecheckDeps } from '../../electron/core/evidence/archive/scheduled-recheck';
import { verifyBagFolder } from '../../electron/core/evidence/checks/bag-verify';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { BagSummary, EvidenceSettings, RecheckResult } from '../../shared/domain/evidence';
import type { Notice } from '../../shared/domain/notices';
import { writeFixtureBag } from '../helpers/evidence-bags';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 14, item 4: the scheduled re-verification. With no account and no network, the host's timer
 * (set for the due time, not a polling loop) re-hashes the archive against the bags' manifests,
 * indexes bags copied in, keeps the result, tells the UI (an event) and raises a notice when files
 * changed. A run stopped half-way keeps nothing, so it is due again.
 */
const DAY = 86_400_000;

async function call<T>(core: Core, op: string, input: unknown): Promise<T> {
  const result = await core.dispatch(op, input);
  if (!result.ok) throw new Error(`${op}: ${result.error.message}`);
  return result.value as T;
}

describe('scheduled re-verification of the archive', () => {
  let home: ReturnType<typeof tempFolder>;
  let core: Core | null = null;
  let bags: string[];
  beforeEach(async () => {
    home = tempFolder('signdock-recheck-');
    const archive = join(home.path, 'archive');
    bags = [
      await writeFixtureBag(archive, {
        title: 'Lease Calle Mayor',
        documentId: '01990000-aaaa-7000-8000-000000000001',
        files: { 'certificate.pdf': { copy: 'test/fixtures/pdfs/one-page.pdf' }, 'package.zip': 4096 },
      }),
      await writeFixtureBag(archive, {
        title: 'NDA Iberia',
        documentId: '01990000-bbbb-7000-8000-000000000002',
        files: { 'certificate.pdf': { copy: 'test/fixtures/pdfs/one-page.pdf' }, 'package.zip': 4096 },
      }),
    ];
  });
  afterEach(async () => {
    await core?.close();
    core = null;
    home.remove();
  });

  it('runs when due, from the files alone: indexes copied-in bags, names changed files, keeps the result, raises a notice', async () => {
    core = createCore({ dataFolder: home.path, hostKind: 'web', version: '0.1.0', secrets: new MemorySecretStore() });
    expect((await call<EvidenceSettings>(core, 'evidence.settings', {})).recheck).toEqual({ enabled: true, everyDays: 30 });
    // The schedule began 31 days ago and never ran: due now. One bag's file changed, one was added.
    core.settings.setValue('evidence.recheckSince', Date.now() - 31 * DAY);
    appendFileSync(join(bags[0]!, 'data', 'package.zip'), 'x');
    writeFileSync(join(bags[1]!, 'data', 'added.txt'), 'added later');
    const notices: Notice[] = [];
    const done = new Promise<RecheckResult>((resolve) =>
      core!.events.subscribe((message) => {
        if (message.event === 'notices') notices.push(message.payload as Notice);
        if (message.event === 'evidence.rechecked') resolve(message.payload as RecheckResult);
      }),
    );
    await core.startBackground();
    const result = await done;

    // The fixture bags hold no real evidence (a random package.zip, no signed PDF): every bag fails its
    // evidence checks too; the bag-level problems name what changed.
    const bagLevel = (problems: { kind: string; path: string }[]) =>
      problems.filter((p) => ['modified', 'unexpected', 'missing'].includes(p.kind)).map((p) => `${p.kind} ${p.path}`);
    expect(result).toMatchObject({ trigger: 'schedule', bags: 2, files: 6, folder: join(home.path, 'archive') });
    expect(result.bagsWithProblems.map((b) => [b.title, bagLevel(b.problems)])).toEqual([
      ['Lease Calle Mayor', ['modified data/package.zip']],
      ['NDA Iberia', ['unexpected data/added.txt']],
    ]);
    expect(notices).toEqual([{ kind: 'evidenceProblems', count: 2, titles: ['Lease Calle Mayor', 'NDA Iberia'] }]);
    const settings = await call<EvidenceSettings>(core, 'evidence.settings', {});
    expect(settings.lastRecheck).toEqual(result);
    expect(Date.parse(settings.nextRecheckAt!)).toBe(Date.parse(result.finishedAt) + 30 * DAY);
    // The bags copied into the archive folder are indexed, with what the re-hash found.
    const listed = await call<{ bags: BagSummary[] }>(core, 'evidence.list', {});
    expect(listed.bags.map((b) => [b.title, b.verdict, bagLevel(b.problems)]).sort()).toEqual([
      ['Lease Calle Mayor', 'failed', ['modified data/package.zip']],
      ['NDA Iberia', 'failed', ['unexpected data/added.txt']],
    ]);

    // Off: nothing is due; on again: due a whole period from now, not at once.
    expect((await call<EvidenceSettings>(core, 'evidence.setRecheck', { enabled: false, everyDays: 7 })).nextRecheckAt).toBeNull();
    const again = await call<EvidenceSettings>(core, 'evidence.setRecheck', { enabled: true, everyDays: 7 });
    expect(Date.parse(again.nextRecheckAt!)).toBe(Date.parse(result.finishedAt) + 7 * DAY);
  });

  it('asked for now, it runs at once; a run stopped half-way keeps no result (due again), and only one runs at a time', async () => {
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0.1.0', secrets: new MemorySecretStore() });
    rmSync(join(bags[1]!, 'data', 'certificate.pdf'));
    const manual = await call<RecheckResult>(core, 'evidence.recheckNow', {});
    expect(
      manual.bagsWithProblems.flatMap((b) =>
        b.problems.filter((p) => p.kind === 'missing' || p.kind === 'modified').map((p) => `${p.kind} ${p.path}`),
      ),
    ).toEqual(['missing data/certificate.pdf']);
    expect(manual.bagsWithProblems.map((b) => b.verdict)).toEqual(['failed', 'failed']);

    let stored: RecheckResult | null = null;
    let reached!: () => void;
    const atSecondBag = new Promise<void>((resolve) => (reached = resolve));
    let stop!: () => void;
    const stopping = new Promise<void>((resolve) => (stop = resolve));
    const deps: RecheckDeps = {
      leases: new JobLeases(core.db),
      folder: () => join(home.path, 'archive'),
      setting: () => ({ enabled: true, everyDays: 1 }),
      since: () => 0,
      last: () => stored,
      store: (result) => (stored = result),
      verify: (bag) => verifyBagFolder(bag, { anchors: [], tool: 'test' }),
      onBag: async (verified) => {
        if (verified.bagPath === bags[1]) {
          reached();
          await stopping;
          throw new Error('stopped');
        }
      },
      onDone: () => undefined,
    };
    const halfway = recheckArchive(deps, 'schedule');
    await atSecondBag;
    // Meanwhile a second run (another window of this process, or another process) does not start.
    expect(
      await recheckArchive({ ...deps, leases: new JobLeases(core.db, { owner: { id: 'other', host: 'elsewhere', pid: 1 } }) }, 'manual'),
    ).toBeNull();
    stop();
    await expect(halfway).rejects.toThrow('stopped');
    expect(stored).toBeNull();
  });
});
