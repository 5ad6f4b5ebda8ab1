import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 25: on Node 24 a better-sqlite3 statement finalised by the garbage collector aborted the process
 * ("Assertion failed: (env) != nullptr"): the CLI died in the middle of `list`. No native SQLite object is
 * ever left to the collector now: a statement is made once per connection, text and mode and handed out
 * again, without one caller's mode reaching another.
 */
describe('SQLite native objects are kept, not finalised', () => {
  const folders: ReturnType<typeof tempFolder>[] = [];
  const open = (): Db => {
    const folder = tempFolder('signdock-native-');
    folders.push(folder);
    const db = openDatabase(join(folder.path, 'signdock.db'));
    db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
    db.prepare('INSERT INTO t VALUES (?, ?), (?, ?)').run(1, 'one', 2, 'two');
    return db;
  };
  afterEach(() => folders.splice(0).forEach((f) => f.remove()));

  it('hands out the same statement for the same text, and a mode to one caller only', () => {
    const db = open();
    const sql = 'SELECT a, b FROM t ORDER BY a';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);
    const plucked = db.prepare(sql).pluck();
    const raw = db.prepare(sql).raw();
    expect(plucked).not.toBe(first);
    expect(db.prepare(sql).pluck()).toBe(plucked);
    expect(plucked.all()).toEqual([1, 2]);
    expect(raw.all()).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(first.all()).toEqual([
      { a: 1, b: 'one' },
      { a: 2, b: 'two' },
    ]);
    expect(plucked.pluck(false)).toBe(first);
    expect(plucked.raw(false)).toBe(plucked);
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThan(0);
    expect(db.pragma('user_version')).toEqual([{ user_version: db.pragma('user_version', { simple: true }) }]);
    db.close();
  });

  it('never hands out a statement that is being iterated, and a closed connection refuses in its words', () => {
    const db = open();
    const sql = 'SELECT a FROM t ORDER BY a';
    const seen: number[][] = [];
    for (const outer of db.prepare(sql).pluck().iterate() as IterableIterator<number>) {
      seen.push([outer, ...(db.prepare(sql).pluck().all() as number[])]);
    }
    expect(seen).toEqual([
      [1, 1, 2],
      [2, 1, 2],
    ]);
    db.transaction(() => db.prepare('DELETE FROM t WHERE a = ?').run(1))();
    expect(db.prepare(sql).pluck().all()).toEqual([2]);
    db.close();
    expect(() => db.prepare(sql)).toThrow(/not open/);
  });

  it('a process that drops thousands of statements and keeps allocating ends cleanly', async () => {
    const folder = tempFolder('signdock-native-');
    folders.push(folder);
    const script = join(folder.path, 'churn.ts');
    const database = pathToFileURL(resolve('electron/core/db/database.ts')).href;
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(database)};
const db = openDatabase(${JSON.stringify(join(folder.path, 'churn.db'))});
db.exec('CREATE TABLE t (a); INSERT INTO t VALUES (1), (2)');
for (let i = 0; i < 5000; i += 1) {
  db.prepare('SELECT count(*) FROM t WHERE a > ?').pluck().get(i);
  db.pragma('user_version', { simple: true });
  for (const row of db.prepare('SELECT a FROM t LIMIT 2').iterate()) void row;
}
let garbage: unknown;
for (let i = 0; i < 2_000_000; i += 1) garbage = { i, list: [i] };
process.stdout.write(String(db.prepare('SELECT count(*) FROM t').pluck().get()) + (garbage ? '' : '?'));
db.close();
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on('close', (c, s) => done([c, s])));
    expect({ code, signal, stderr: stderr.slice(0, 400) }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(stdout).toBe('2');
  }, 60_000);
});
