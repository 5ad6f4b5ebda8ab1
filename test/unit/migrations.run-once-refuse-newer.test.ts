import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/contract/errors';
import { migrate, openDatabase } from '../../electron/core/db/database';
import { migrations } from '../../electron/core/db/migrations';
import { tempFolder } from '../helpers/temp-folder';

describe('migrations', () => {
  let folder: ReturnType<typeof tempFolder>;
  beforeEach(() => {
    folder = tempFolder();
  });
  afterEach(() => folder.remove());

  it('bring a new database to the current schema with WAL, synchronous=FULL and foreign keys on', () => {
    const db = openDatabase(join(folder.path, 'a.db'));
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('run once: reopening applies nothing again', () => {
    const file = join(folder.path, 'once.db');
    const counting = [{ name: 'log', sql: 'CREATE TABLE log (n INTEGER); INSERT INTO log VALUES (1);' }];
    const first = openDatabase(file, { migrations: counting });
    first.close();
    const second = openDatabase(file, { migrations: counting });
    expect(second.prepare('SELECT count(*) AS n FROM log').get()).toEqual({ n: 1 });
    expect(migrate(second, counting)).toBe(0);
    second.close();
  });

  it('apply each migration in one transaction: a failing one leaves the schema and version as they were', () => {
    const file = join(folder.path, 'tx.db');
    const list = [
      { name: 'one', sql: 'CREATE TABLE one (x INTEGER);' },
      { name: 'broken', sql: 'CREATE TABLE two (x INTEGER); INSERT INTO missing VALUES (1);' },
    ];
    expect(() => openDatabase(file, { migrations: list })).toThrow();
    const db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'two'").get()).toBeUndefined();
    db.close();
  });

  it('refuse a database written by a newer SignDock, saying so plainly', () => {
    const file = join(folder.path, 'newer.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${migrations.length + 5}`);
    raw.close();
    let caught: unknown;
    try {
      openDatabase(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('databaseTooNew');
    expect((caught as AppError).message).toMatch(/newer version of SignDock/);
    const after = new Database(file);
    expect(after.pragma('user_version', { simple: true })).toBe(migrations.length + 5);
    after.close();
  });
});
