import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { StateFile } from '../sandbox/core/state-file';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 15, finding 5: the data folder holds every signer's signing link and personal data. Real
 * files, a real core: the folder and SignDock's folders in it are 0700, its files 0600, for a new
 * folder and for one an earlier version made with the default modes (0755 and 0644).
 */

const mode = (path: string) => lstatSync(path).mode & 0o777;
const octal = (value: number) => value.toString(8).padStart(3, '0');
const folders: { remove: () => void }[] = [];
afterEach(() => folders.splice(0).forEach((folder) => folder.remove()));

/** Every entry below `root` (links not followed) with its mode in octal, by relative path. */
function modes(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      out[relative(root, full)] = octal(mode(full));
      if (lstatSync(full).isDirectory()) walk(full);
    }
  };
  walk(root);
  return out;
}

describe.skipIf(process.platform === 'win32')('data folder: readable by its user only', () => {
  it('a new data folder: the folder 0700; database, WAL, shared memory, log and sandbox state 0600', async () => {
    const parent = tempFolder('signdock-private-');
    folders.push(parent);
    const data = join(parent.path, 'SignDock');
    const core = createCore({ dataFolder: data, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
    try {
      await core.dispatch('settings.update', { language: 'es' });
      core.logger.log('info', 'a line in the log');
      const state = new StateFile(join(data, 'sandbox', 'state.json'));
      state.schedule(
        () => ({ version: 1, keys: [], documents: [], signatures: [], messages: [] }),
        () => new Map([['ab', Buffer.from('%PDF-')]]),
      );
      state.flush();

      expect(octal(mode(data))).toBe('700');
      const found = modes(data);
      expect(Object.keys(found)).toEqual(
        expect.arrayContaining([
          'signdock.db',
          'signdock.db-wal',
          'signdock.db-shm',
          'logs',
          'logs/signdock.log',
          'sandbox',
          'sandbox/state.json',
          'sandbox/state.json.files',
          'sandbox/state.json.files/ab.pdf',
        ]),
      );
      for (const [path, value] of Object.entries(found)) {
        expect([path, value]).toEqual([path, statSync(join(data, path)).isDirectory() ? '700' : '600']);
      }
    } finally {
      await core.close();
    }
  });

  it('a folder made before with the default modes is made private on start; other things are left alone', async () => {
    const parent = tempFolder('signdock-private-old-');
    folders.push(parent);
    const data = join(parent.path, 'SignDock');
    const outside = join(parent.path, 'outside.txt');
    // What an earlier version left: folders 0755, files 0644, whatever the umask of this test run.
    mkdirSync(join(data, 'logs'), { recursive: true });
    mkdirSync(join(data, 'sandbox', 'state.json.files'), { recursive: true });
    mkdirSync(join(data, 'uploads', 'u1'), { recursive: true });
    const old = new Database(join(data, 'signdock.db'));
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE t (x)');
    const files = ['logs/signdock.log', 'sandbox/state.json', 'sandbox/state.json.files/ab.pdf', 'uploads/u1/contract.pdf', 'notes.txt'];
    for (const file of files) writeFileSync(join(data, file), 'old');
    writeFileSync(outside, "not SignDock's");
    symlinkSync(outside, join(data, 'sandbox', 'link.txt'));
    for (const path of ['.', 'logs', 'sandbox', 'sandbox/state.json.files', 'uploads', 'uploads/u1']) chmodSync(join(data, path), 0o755);
    for (const path of [...files, 'signdock.db', 'signdock.db-wal', 'signdock.db-shm']) chmodSync(join(data, path), 0o644);
    chmodSync(outside, 0o644);
    old.close();

    const core = createCore({ dataFolder: data, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
    try {
      expect(modes(data)).toEqual({
        'signdock.db': '600',
        'signdock.db-wal': '600',
        'signdock.db-shm': '600',
        logs: '700',
        'logs/signdock.log': '600',
        sandbox: '700',
        'sandbox/state.json': '600',
        'sandbox/state.json.files': '700',
        'sandbox/state.json.files/ab.pdf': '600',
        'sandbox/link.txt': octal(mode(join(data, 'sandbox', 'link.txt'))), // a link: not followed, not changed
        uploads: '700',
        'uploads/u1': '700',
        'uploads/u1/contract.pdf': '600',
        'notes.txt': '644', // not SignDock's: left alone (the folder around it is private)
      });
      expect(octal(mode(data))).toBe('700');
      expect(octal(mode(outside))).toBe('644');
    } finally {
      await core.close();
    }
  });
});
