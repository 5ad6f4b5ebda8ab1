import { watch, type FSWatcher } from 'node:fs';
import type { Db } from '../db/database';

/**
 * Calls `onChange` when another process has committed to the database (a CLI run that started or
 * left a job), without polling: the data folder is watched (inotify, FSEvents, ReadDirectoryChangesW),
 * and a write seen there is confirmed by SQLite's `data_version`, which moves only for commits of
 * other connections. While nothing writes, nothing runs. Returns the stop.
 */
export function watchForeignWrites(db: Db, folder: string, onChange: () => void, settleMs = 250): () => void {
  let version = db.pragma('data_version', { simple: true });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = () => {
    timer = null;
    if (!db.open) return;
    const now = db.pragma('data_version', { simple: true });
    if (now === version) return;
    version = now;
    onChange();
  };
  let watcher: FSWatcher | null = null;
  try {
    // A burst of writes (ours included) costs one look after it settles.
    watcher = watch(folder, { persistent: false }, () => {
      timer ??= setTimeout(check, settleMs);
    });
    // A folder that cannot be watched (gone, a network share refusing it): lease expiries are still looked at.
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = null;
  }
  return () => {
    watcher?.close();
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
