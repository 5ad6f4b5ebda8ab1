import Database from 'better-sqlite3';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, restrictTree } from '../data-folder';
import type { Db, Migration } from './migration';
import { migrations as defaultMigrations } from './migrations';
import { keepNativeObjectsAlive } from './native-objects';

// Before any connection is made: no native SQLite object may ever be finalised (see native-objects.ts).
keepNativeObjectsAlive();

export type { Db } from './migration';

export interface OpenDatabaseOptions {
  readonly migrations?: readonly Migration[];
}

/**
 * Opens (creating if needed) the SQLite database with WAL, synchronous=FULL, foreign keys on and a 64 MB cache,
 * then brings its schema up to date. Refuses a database written by a newer SignDock.
 *
 * The database holds signing links and personal data: it is created readable by its user only
 * (0600; SQLite gives its -wal and -shm files the database's mode), and one made before is made so.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  createPrivate(file);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    if (process.platform !== 'win32') for (const suffix of ['', '-wal', '-shm', '-journal']) restrictTree(file + suffix);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // 64 MB of page cache (16 MB by default): the mirror's rows and indexes for 100,000 documents stay in memory.
    db.pragma('cache_size = -65536');
    migrate(db, options.migrations ?? defaultMigrations, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** An empty file is a new database: made here with mode 0600 before SQLite opens it with its own default. */
function createPrivate(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Applies pending migrations, each in its own transaction together with its `user_version` bump. */
export function migrate(db: Db, list: readonly Migration[], file = 'the database'): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length) {
    throw new AppError({
      kind: 'Conflict',
      code: 'databaseTooNew',
      params: { file, found: current, supported: list.length },
      message: `The database ${file} was written by a newer version of SignDock (schema ${current}; this version knows up to ${list.length}). Update SignDock to open it.`,
    });
  }
  for (let version = current; version < list.length; version += 1) {
    const migration = list[version];
    if (!migration) break;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return list.length - current;
}
