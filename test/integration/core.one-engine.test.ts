import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { createActions } from '../../electron/core/actions/actions-wiring';
import { createEvidence } from '../../electron/core/evidence/evidence-wiring';
import { createCore, type Core } from '../../electron/core/host';
import { JobEngine } from '../../electron/core/jobs/job-engine';
import { JobLeases } from '../../electron/core/jobs/leases';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { ServiceClients } from '../../electron/core/service-clients';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 26, point 2: one composition root creates the job engine and the job leases once; the document
 * actions and the evidence archive are wired on what they are given, in either order.
 */
describe('the core is composed once', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });
  const openCore = (): Core => {
    const home = tempFolder('signdock-composition-');
    const core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0.1.0', secrets: new MemorySecretStore() });
    cleanup.push(home.remove, () => core.close());
    return core;
  };
  /** Whether the engine runs jobs of the kind (a job with no items: written, run and finished, nothing sent). */
  const runs = async (engine: JobEngine, kind: string) => {
    const job = engine.create({ kind, accountId: 'account-1', items: [] });
    return (await engine.whenSettled(job.id)).state;
  };

  it("createCore's one engine runs the actions' kinds and the archive kind", async () => {
    const core = openCore();
    for (const kind of ['cancel', 'remind', 'invalidate', 'archive']) expect(await runs(core.jobs, kind)).toBe('finished');
  });

  for (const order of [
    ['evidence', 'actions'],
    ['actions', 'evidence'],
  ] as const) {
    it(`wired ${order.join(' then ')}: both on the engine and the leases they are given`, async () => {
      const core = openCore();
      // The root's leases, under an owner no other JobLeases of this process has: a subsystem making its own would be refused.
      const leases = new JobLeases(core.db, { owner: { id: 'the-root', host: 'elsewhere', pid: 1 } });
      const engine = new JobEngine({ db: core.db, leases, emit: () => undefined });
      cleanup.push(() => engine.close());
      const http = new Agent();
      cleanup.push(() => http.close());
      const service = new ServiceClients({ accounts: core.accounts, http, redactor: core.redactor, logger: core.logger });
      const wire = {
        actions: () =>
          createActions({
            engine,
            leases,
            reminders: engine.items,
            mirror: core.spine,
            service,
            settings: core.settings,
            events: core.events,
            logger: core.logger,
          }),
        evidence: () =>
          createEvidence({
            engine,
            leases,
            journal: core.journal,
            db: core.db,
            accounts: new AccountsRepo(core.db),
            mirror: core.spine,
            service,
            settings: core.settings,
            timestamps: core.timestamps,
            dataFolder: core.dataFolder,
            version: '0.1.0',
            hostKind: 'cli',
            events: core.events,
            logger: core.logger,
          }),
      };
      const first = wire[order[0]]();
      const second = wire[order[1]]();
      cleanup.push(
        () => first.close(),
        () => second.close(),
      );
      for (const kind of ['cancel', 'remind', 'invalidate', 'archive']) expect(await runs(engine, kind)).toBe('finished');
      // The re-check's lease is held by the root's owner: only a re-check taking it through the root's leases may run.
      expect(leases.acquire('evidence:recheck').owned).toBe(true);
      const evidence = order[0] === 'evidence' ? first : second;
      if (!('handlers' in evidence) || !('evidence.recheckNow' in evidence.handlers)) throw new Error('not the evidence subsystem');
      await expect(evidence.handlers['evidence.recheckNow']({})).resolves.toMatchObject({ trigger: 'manual' });
    });
  }
});
