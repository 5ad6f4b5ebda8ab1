import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 26, point 2: one composition root (electron/core/host.ts). Wiring holds no SQL (queries live
 * in the repository of the table they read); only the root creates the job engine and the job leases;
 * no caller reaches two levels into the data spine (it offers intention-named methods).
 */
const root = process.cwd();
const filesUnder = (folder: string): string[] =>
  readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
const text = (file: string) => readFileSync(join(root, file), 'utf8');
const wiring = [...filesUnder('electron/core').filter((file) => file.endsWith('-wiring.ts')), 'electron/core/host.ts'];

describe('the composition of the core', () => {
  it('finds the wiring files (the root and one per subsystem)', () => {
    const expected = ['electron/core/host.ts', 'electron/core/actions/actions-wiring.ts', 'electron/core/evidence/evidence-wiring.ts'];
    expect(wiring).toEqual(expect.arrayContaining(expected));
    expect(wiring.length).toBeGreaterThanOrEqual(5);
  });

  it('no wiring file holds SQL', () => {
    const sql = /\.prepare\(|\.exec\(|\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/;
    expect(wiring.filter((file) => sql.test(text(file)))).toEqual([]);
  });

  it('only the root creates the job engine and the job leases, once each', () => {
    const constructing = (what: string) =>
      filesUnder('electron').flatMap((file) => Array.from(text(file).matchAll(new RegExp(`new ${what}\\(`, 'g')), () => file));
    expect(constructing('JobEngine')).toEqual(['electron/core/host.ts']);
    // The batch service's own leases are only a default for callers that give none; the root gives its own.
    expect(constructing('JobLeases').filter((file) => !file.startsWith('electron/core/batches/'))).toEqual(['electron/core/host.ts']);
  });

  it('no caller reaches two levels into the data spine', () => {
    const deep = /spine\.[a-z]+\.[a-zA-Z]+\./;
    const callers = [...filesUnder('electron'), ...filesUnder('test')].filter((file) => file !== 'test/unit/core.composition.test.ts');
    expect(callers.filter((file) => deep.test(text(file)))).toEqual([]);
  });
});
