import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newToken } from '../../electron/core/webhooks/webhook-credentials';
import { tempFolder } from '../helpers/temp-folder';
import { inParallel, post, spawnTs, waitUntil, type ChildProcessHandle } from './fixtures/webhook-helpers';

const folder = tempFolder('signdock-webhook-crash-');
const file = join(folder.path, 'signdock.db');
const token = newToken();
const children: ChildProcessHandle<{ port: number; hookUrl: string }>[] = [];
afterAll(() => {
  for (const handle of children) if (handle.child.exitCode === null) handle.child.kill('SIGKILL');
  folder.remove();
});

async function startChild(): Promise<ChildProcessHandle<{ port: number; hookUrl: string }>> {
  const handle = await spawnTs<{ port: number; hookUrl: string }>('test/integration/fixtures/webhook-child.ts', [
    '--db',
    file,
    `--token=${token}`,
    '--delay',
    '20',
  ]);
  children.push(handle);
  return handle;
}

const notifications = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    body: { notification_action: i % 2 ? 'DC' : 'DS', document_id: `${prefix}-${Math.floor(i / 2)}` },
  }));

describe('webhooks survive a crash', () => {
  it('SIGKILL mid-drain: every notification that got a 200 is in the inbox, and a restart completes the drain', async () => {
    const first = await startChild();
    const reader = new Database(file, { readonly: true });
    const count = (state: string) =>
      (reader.prepare('SELECT count(*) AS n FROM webhook_inbox WHERE state = ?').get(state) as { n: number }).n;
    const got200 = new Set<string>();
    const send = (url: string, list: ReturnType<typeof notifications>) =>
      inParallel(list, 16, async ({ id, body }) => {
        const result = await post(url, JSON.stringify({ notification_id: id, ...body }));
        if (result.status === 200) got200.add(id);
        return result.status;
      });

    // Wave 1 is stored; the drain starts (two 20 ms reads at a time: seconds of work).
    const wave1 = notifications(300, 'a');
    expect(await send(first.ready.hookUrl, wave1)).toEqual(wave1.map(() => 200));
    await waitUntil(() => count('done') >= 20, 30_000, 'the drain to start');

    // Wave 2 is being sent when the process is killed.
    const wave2 = notifications(400, 'b');
    const sending = send(first.ready.hookUrl, wave2);
    await waitUntil(() => got200.size >= 400, 30_000, 'part of wave 2');
    first.child.kill('SIGKILL');
    await first.exited;
    const statuses = await sending;
    expect(statuses.some((status) => status !== 200)).toBe(true);

    const stored = () =>
      new Set((reader.prepare('SELECT notification_id AS id FROM webhook_inbox').all() as { id: string }[]).map((row) => row.id));
    const afterCrash = stored();
    expect([...got200].filter((id) => !afterCrash.has(id))).toEqual([]);
    expect(count('pending')).toBeGreaterThan(0);
    const pendingAtCrash = count('pending');

    // Restart on the same file: the rows left pending are drained.
    const second = await startChild();
    await waitUntil(() => count('pending') === 0, 60_000, 'the drain to complete');
    const final = stored();
    expect([...got200].filter((id) => !final.has(id))).toEqual([]);
    const sent = new Set<string>([...wave1, ...wave2].map((n) => n.id));
    expect([...final].every((id) => sent.has(id))).toBe(true);
    expect(count('done')).toBe(final.size);
    expect(pendingAtCrash).toBeGreaterThan(0);
    reader.close();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    console.log(
      `crash: ${got200.size} answered 200 (of ${sent.size} sent), ${pendingAtCrash} pending at the kill, ${final.size} stored, all done after the restart`,
    );
  }, 180_000);
});
