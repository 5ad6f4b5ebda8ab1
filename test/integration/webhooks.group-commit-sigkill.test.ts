// Group commit under a crash: the webhook listener, in a process of its own, takes a burst 64 requests at
// a time (its notifications committed in groups, one transaction for those that arrived together) and is
// SIGKILLed in the middle of it. From the sender's side: every notification that was answered 200 is in
// the inbox after a restart, none lost.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Pool } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { newToken } from '../../electron/core/webhooks/webhook-credentials';
import { startListenerProcess, type ListenerProcess, type ListenerStats } from '../helpers/listener-process';
import { tempFolder } from '../helpers/temp-folder';

const folder = tempFolder('signdock-group-commit-');
const file = join(folder.path, 'signdock.db');
const token = newToken();
const listeners: ListenerProcess[] = [];
afterAll(async () => {
  for (const listener of listeners) if (listener.child.exitCode === null) listener.child.kill('SIGKILL');
  await Promise.all(listeners.map((listener) => listener.exited));
  folder.remove();
});

const SENT = 6000;
const IN_FLIGHT = 64;
const KILL_AFTER = 2000;

describe('group commit', () => {
  it('a listener SIGKILLed mid-burst: every notification answered 200 is in the inbox after the restart', async () => {
    const first = await startListenerProcess(file, token);
    listeners.push(first);
    const hook = new URL(first.hookUrl);
    const pool = new Pool(hook.origin, { connections: IN_FLIGHT });
    const ids = Array.from({ length: SENT }, () => randomUUID());
    const answered200 = new Set<string>();
    const refused: string[] = [];
    let seenAtHalf: Promise<ListenerStats> | null = null;
    let next = 0;
    // Each lane sends its next notification once the last one is answered (or failed: the process is gone).
    const lane = async (): Promise<void> => {
      while (next < ids.length) {
        const id = ids[next++] as string;
        const body = JSON.stringify({ notification_id: id, notification_action: 'DS', document_id: `doc-${id}` });
        try {
          const res = await pool.request({ path: hook.pathname, method: 'POST', headers: { 'content-type': 'application/json' }, body });
          await res.body.dump();
          if (res.statusCode === 200) answered200.add(id);
          else refused.push(`${res.statusCode}`);
        } catch (error) {
          refused.push((error as Error).message);
        }
        if (answered200.size === KILL_AFTER / 2) seenAtHalf ??= first.stats();
        // Killed from the answer of the KILL_AFTER-th: other groups are being read, parsed or committed then.
        if (answered200.size === KILL_AFTER && first.child.exitCode === null) first.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    await pool.close();
    expect(await first.exited).toBeNull();
    expect(refused.length).toBeGreaterThan(0);
    expect(answered200.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // The notifications that arrived together were committed together (far fewer transactions than notifications).
    const half = await (seenAtHalf as unknown as Promise<ListenerStats>);
    expect(half.commits.committed).toBeGreaterThanOrEqual(KILL_AFTER / 2);
    expect(half.commits.transactions * 4).toBeLessThan(half.commits.committed);

    // A restart on the same file opens the inbox as the crash left it.
    const second = await startListenerProcess(file, token);
    listeners.push(second);
    expect((await second.stats()).received).toBeGreaterThanOrEqual(answered200.size);
    const reader = new Database(file, { readonly: true });
    const stored = new Set((reader.prepare('SELECT notification_id AS id FROM webhook_inbox').all() as { id: string }[]).map((r) => r.id));
    reader.close();
    const lost = [...answered200].filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    await second.stop();
    console.log(
      `group commit under SIGKILL: ${answered200.size} answered 200 of ${SENT}, ${refused.length} cut by the kill, ${stored.size} stored, none lost; ${half.commits.committed} notifications in ${half.commits.transactions} transactions by then`,
    );
  }, 120_000);
});
