import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { BagDetail, BagSummary } from '../../shared/domain/evidence';
import type { JobItemView, JobView } from '../../shared/domain/jobs';
import type { Sandbox } from '../sandbox';
import { sandboxCaCertPem } from '../sandbox';

/** A core (CLI host) with the sandbox as its account, the sandbox CA as trust anchor, synced: for archive tests over real HTTP. */
export async function call<T>(core: Core, op: string, input: unknown): Promise<T> {
  const result = await core.dispatch(op, input);
  if (!result.ok) throw new Error(`${op}: ${result.error.message}`);
  return result.value as T;
}

export async function syncAll(core: Core): Promise<void> {
  const idle = new Promise<void>((resolve) => {
    const off = core.events.subscribe((message) => {
      if (message.event === 'sync.changed' && (message.payload as { state: string }).state !== 'syncing') {
        off();
        resolve();
      }
    });
  });
  const started = await call<{ state: string }>(core, 'sync.now', {});
  if (started.state === 'syncing') await idle;
}

export async function sandboxCore(sandbox: Sandbox, dataFolder: string, options: { anchor?: boolean } = {}): Promise<Core> {
  const core = createCore({ dataFolder, hostKind: 'cli', version: '0.1.0', secrets: new MemorySecretStore() });
  await call(core, 'accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
  if (options.anchor ?? true) await call(core, 'evidence.addTrustAnchor', { pem: sandboxCaCertPem });
  await syncAll(core);
  return core;
}

/** Archives these documents; the job started (not awaited). */
export function startArchive(core: Core, documentIds: string[]): Promise<JobView> {
  return call<JobView>(core, 'evidence.archive', { documentIds });
}

export async function jobItems(core: Core, jobId: string): Promise<JobItemView[]> {
  return (await call<{ items: JobItemView[] }>(core, 'jobs.get', { jobId })).items;
}

export async function bagOf(core: Core, documentId: string): Promise<BagDetail | null> {
  const [bag] = await call<BagSummary[]>(core, 'evidence.forDocument', { documentId });
  return bag ? call<BagDetail>(core, 'evidence.get', { bagPath: bag.bagPath }) : null;
}

/** Every file and folder below `root` (relative path, and size or "dir"), sorted: to compare before and after. */
export function folderTree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const info = statSync(path);
      out.push(`${path.slice(root.length)} ${info.isDirectory() ? 'dir' : info.size}`);
      if (info.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out;
}
