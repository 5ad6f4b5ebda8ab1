import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { TimelineEntry } from '../../shared/domain/documents';
import type { JobView } from '../../shared/domain/jobs';
import type { Settings } from '../../shared/domain/settings';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

const DAY = 86_400_000;

/**
 * Issue 13, build 6: automatic reminders (off by default, per account). Turning them on in the
 * settings (what the Settings section stores) makes the host look at once: signers still pending with
 * an invitation channel whose last reminder is N days old get one, as a `remind` job sent to the
 * sandbox over HTTP; at most M times; the document's timeline says "automatic reminder". Time is moved
 * (SignDock's clock option, the sandbox's clock), never waited for; each look is awaited as an event.
 */
describe('automatic reminders against the sandbox', () => {
  let sandbox: Sandbox;
  let core: Core;
  let home: ReturnType<typeof tempFolder>;
  let offset = 0;
  let accountId = '';
  const ids = { lease: '', leaseSignature: '', link: '', signed: '' };

  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const result = await core.dispatch(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    return result.value as T;
  };
  /** The next automatic reminder job to finish. */
  const nextAutoJob = () =>
    new Promise<JobView>((resolve) => {
      const off = core.events.subscribe((message) => {
        if (message.event !== 'jobs.changed') return;
        const job = message.payload as JobView;
        if (job.kind === 'remind' && job.input.auto === true && job.state === 'finished') {
          off();
          resolve(job);
        }
      });
    });
  const autoJobs = () => core.jobs.list(accountId).filter((job) => job.kind === 'remind' && job.input.auto === true);
  /** Changes the setting; the host's look runs right after the call answers (one turn of the event loop). */
  const setAutoRemind = async (setting: { enabled: boolean; everyDays: number; maxTimes: number }) => {
    await call<Settings>('settings.update', { autoRemind: { [accountId]: setting } });
    await new Promise((resolve) => setImmediate(resolve));
  };
  const advance = (ms: number) => {
    offset += ms;
    sandbox.services.clock.advance?.(ms);
  };
  const resends = async () => (await sandbox.controlClient.stats()).requests.by_operation.resend ?? 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 41, autoSign: { enabled: false } });
    // The documents were sent ten days ago (the sandbox's clock), SignDock's clock is today's.
    sandbox.services.clock.advance?.(-10 * DAY);
    const file = await samplePdf('Remind me');
    const { workflow } = sandbox.services;
    const lease = workflow.create({
      title: 'Lease waiting',
      file,
      signatures: [{ validations: { EM: 'slow@example.com' }, inviteChannel: ['EM'] }],
    });
    const link = workflow.create({
      title: 'Link only',
      file,
      signatures: [{ validations: { EM: 'link@example.com' }, inviteChannel: [] }],
    });
    const signed = workflow.create({
      title: 'Signed already',
      file,
      signatures: [
        { validations: { EM: 'quick@example.com' }, inviteChannel: ['EM'] },
        { validations: { EM: 'slow2@example.com' }, inviteChannel: ['EM'] },
      ],
    });
    workflow.sign(signed.signatureIds[0]!);
    Object.assign(ids, { lease: lease.id, leaseSignature: lease.signatureIds[0]!, link: link.id, signed: signed.signatureIds[0]! });

    home = tempFolder('signdock-auto-remind-');
    core = createCore({
      dataFolder: home.path,
      hostKind: 'web',
      version: '0',
      secrets: new MemorySecretStore(),
      // The timer's looks are an hour apart: every look of this test comes from a change of the setting.
      autoRemind: { now: () => Date.now() + offset, firstAfterMs: 3_600_000, everyMs: 3_600_000 },
    });
    await call('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
    accountId = core.accounts.selectedId() ?? '';
    await core.startBackground();
    await core.spine.whenSynced();
  });
  afterAll(async () => {
    await core?.close();
    await sandbox?.stop();
    home?.remove();
  });

  it('is off by default: nothing is reminded until it is turned on', async () => {
    expect((await call<Settings>('settings.get', {})).autoRemind).toEqual({});
    await setAutoRemind({ enabled: false, everyDays: 3, maxTimes: 2 });
    expect(autoJobs()).toEqual([]);
    expect(await resends()).toBe(0);
  });

  it('turned on, reminds pending signers with a channel every N days, at most M times, and the timeline says so', async () => {
    // On: the signer of "Lease waiting" and the second signer of "Signed already" are 10 days pending.
    const first = nextAutoJob();
    await setAutoRemind({ enabled: true, everyDays: 3, maxTimes: 2 });
    const job = await first;
    expect(job.progress).toMatchObject({ total: 2, byState: { done: 2 } });
    expect(await resends()).toBe(2);

    const detail = await call<{ timeline: TimelineEntry[] }>('documents.detail', { documentId: ids.lease });
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({ kind: 'action', action: 'autoRemind', outcome: 'done', target: ids.leaseSignature }),
    );

    // A day later: not due yet (every 3 days).
    advance(DAY);
    await setAutoRemind({ enabled: true, everyDays: 3, maxTimes: 3 });
    expect(autoJobs()).toHaveLength(1);

    // Three days after the first: the second reminder (the sandbox's 2-hour window long past).
    advance(2 * DAY + 60_000);
    const second = nextAutoJob();
    await setAutoRemind({ enabled: true, everyDays: 3, maxTimes: 2 });
    expect((await second).progress).toMatchObject({ total: 2, byState: { done: 2 } });
    expect(await resends()).toBe(4);

    // Three more days: at most 2 times, so no third.
    advance(3 * DAY + 60_000);
    await setAutoRemind({ enabled: true, everyDays: 1, maxTimes: 2 });
    expect(autoJobs()).toHaveLength(2);
    expect(await resends()).toBe(4);
    expect((await sandbox.controlClient.stats()).throttled.reminder).toBe(0);
  });
});
