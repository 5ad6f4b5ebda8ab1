import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';

/**
 * The dead-code finder (knip, configured by knip.json at the root, run by `npm run lint`) fails on an
 * export nobody imports, a file nobody reaches and a dependency nobody uses. Proved on a tiny project
 * in a temporary folder that carries the repository's own knip.json (its entries are the real ones:
 * a host entry imports a rule from shared/domain), so each case takes a second, not a run over the
 * whole tree; the last case runs the same command over the repository, which must be clean.
 */
const root = process.cwd();
const knip = resolve(root, 'node_modules/knip/bin/knip.js');

function runKnip(directory: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [knip, '--directory', directory, '--no-progress', '--no-config-hints'],
      { cwd: root, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('lint finds dead code', () => {
  let project: { path: string; remove: () => void };
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(project.path, file)), { recursive: true });
    writeFileSync(join(project.path, file), text);
  };

  beforeEach(() => {
    project = tempFolder('signdock-knip-');
    copyFileSync(join(root, 'knip.json'), join(project.path, 'knip.json'));
    write('package.json', JSON.stringify({ name: 'knip-probe', private: true, type: 'module', dependencies: {} }));
    write('shared/domain/limits.ts', 'export const maxThings = 3;\n');
    write('electron/main/index.ts', "import { maxThings } from '../../shared/domain/limits';\nconsole.log(maxThings);\n");
  });
  afterEach(() => project.remove());

  it('passes a project where every export, file and dependency is used', async () => {
    const run = await runKnip(project.path);
    expect(run.output).toBe('');
    expect(run.code).toBe(0);
  });

  it('fails on a new export nobody imports, naming it and its file', async () => {
    write('shared/domain/limits.ts', 'export const maxThings = 3;\nexport function unusedRule(): number {\n  return 4;\n}\n');
    const run = await runKnip(project.path);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/Unused exports \(1\)\s+unusedRule\s+function\s+shared\/domain\/limits\.ts/);
  });

  it('fails on a file nobody reaches and on a dependency nobody uses', async () => {
    write('electron/core/forgotten.ts', 'export const forgotten = 1;\n');
    write('package.json', JSON.stringify({ name: 'knip-probe', private: true, type: 'module', dependencies: { 'left-pad': '^1.3.0' } }));
    const run = await runKnip(project.path);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/Unused files \(1\)\s+electron\/core\/forgotten\.ts/);
    expect(run.output).toMatch(/Unused dependencies \(1\)\s+left-pad/);
  });

  it('passes on the repository itself', async () => {
    const run = await runKnip(root);
    expect(run.output).toBe('');
    expect(run.code).toBe(0);
  });
});
