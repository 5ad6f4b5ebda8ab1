import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Document } from '../../shared/domain/documents';
import type { Notice } from '../../shared/domain/notices';
import { noticeText } from '../../shared/domain/notice-words';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { EventBus } from '../../electron/core/events/event-bus';
import { watchNotices } from '../../electron/core/notices/notices';
import { SettingsRepo } from '../../electron/core/settings/settings-repo';
import { tempFolder } from '../helpers/temp-folder';

/** Issue 13 (notifications): 300 completions at once make one notice; each kind follows its setting. */
describe('notices', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

  const setup = () => {
    const folder = tempFolder();
    const db: Db = openDatabase(`${folder.path}/signdock.db`);
    cleanup.push(() => db.close(), folder.remove);
    const events = new EventBus();
    const settings = new SettingsRepo(db);
    const documents = new Map<string, Document>();
    const notices: Notice[] = [];
    events.subscribe((message) => {
      if (message.event === 'notices') notices.push(message.payload as Notice);
    });
    const stop = watchNotices({ events, settings, document: (_a, id) => documents.get(id), groupMs: 20 });
    cleanup.push(stop);
    const put = (id: string, status: string, signatures: { id: string; status: string; displayName: string }[] = []) =>
      documents.set(id, { id, title: `Doc ${id}`, status, signatures } as unknown as Document);
    const changed = (ids: string[]) => events.emit('documents.changed', { accountId: 'a', documentIds: ids });
    const settled = () =>
      new Promise<void>((resolve) => events.subscribe((m) => (m.event === 'notices' ? setTimeout(resolve, 40) : undefined)));
    return { settings, put, changed, notices, settled };
  };

  it('groups 300 completions into one notice, and says nothing on first sight (a full sync)', async () => {
    const { put, changed, notices, settled } = setup();
    const ids = Array.from({ length: 300 }, (_, i) => String(i));
    ids.forEach((id) => put(id, 'PE', [{ id: `s${id}`, status: 'IN', displayName: 'Ana' }]));
    changed(ids);
    ids.forEach((id) => put(id, 'CO', [{ id: `s${id}`, status: 'CO', displayName: 'Ana' }]));
    put('0', 'PE', [{ id: 's0', status: 'DE', displayName: 'Ana García' }]);
    const done = settled();
    changed(ids);
    await done;
    expect(notices.filter((n) => n.kind === 'completed')).toEqual([{ kind: 'completed', count: 299, titles: ['Doc 1', 'Doc 2', 'Doc 3'] }]);
    expect(notices.filter((n) => n.kind === 'rejected')).toEqual([{ kind: 'rejected', count: 1, titles: ['Ana García · Doc 0'] }]);
    expect(
      noticeText(
        notices.find((n) => n.kind === 'completed')!,
        'es',
      ).title,
    ).toBe('299 documentos completados');
  });

  it('a kind turned off in the settings is not notified', async () => {
    const { settings, put, changed, notices, settled } = setup();
    settings.update({ notifications: { batchDone: true, completed: false, rejected: true } });
    put('x', 'PE', [{ id: 'sx', status: 'IN', displayName: 'Bo' }]);
    changed(['x']);
    put('x', 'CO', [{ id: 'sx', status: 'CO', displayName: 'Bo' }]);
    put('y', 'PE', [{ id: 'sy', status: 'IN', displayName: 'Cy' }]);
    changed(['y']);
    put('y', 'PE', [{ id: 'sy', status: 'DE', displayName: 'Cy' }]);
    const done = settled();
    changed(['x', 'y']);
    await done;
    expect(notices.map((n) => n.kind)).toEqual(['rejected']);
  });

  it('stopped with a group still open (the core closing), nothing fires afterwards', () => {
    vi.useFakeTimers();
    cleanup.push(() => vi.useRealTimers());
    const folder = tempFolder();
    cleanup.push(folder.remove);
    const db: Db = openDatabase(`${folder.path}/signdock.db`);
    const events = new EventBus();
    const documents = new Map<string, Document>();
    const notices: unknown[] = [];
    events.subscribe((message) => (message.event === 'notices' ? void notices.push(message.payload) : undefined));
    const stop = watchNotices({ events, settings: new SettingsRepo(db), document: (_a, id) => documents.get(id), groupMs: 20 });
    documents.set('x', { id: 'x', title: 'Doc x', status: 'PE', signatures: [] } as unknown as Document);
    events.emit('documents.changed', { accountId: 'a', documentIds: ['x'] });
    documents.set('x', { id: 'x', title: 'Doc x', status: 'CO', signatures: [] } as unknown as Document);
    events.emit('documents.changed', { accountId: 'a', documentIds: ['x'] });
    stop();
    db.close();
    // The group's timer would read the (closed) settings and emit: it must be gone with the stop.
    expect(() => vi.advanceTimersByTime(1_000)).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
    expect(notices).toEqual([]);
  });
});
