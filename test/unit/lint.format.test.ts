import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';

// `npm run lint` ends with `prettier --check .`; these cases prove the check bites with the project's
// own .prettierrc.json: a badly formatted file fails it, the same code formatted passes.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const prettierBin = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');

const formatted = ["import { join } from 'node:path';", '', "export const where = (name: string): string => join('a', name);", ''].join(
  '\n',
);
const unformatted = ['import {join} from "node:path"', 'export const where = ( name:string ):string=>join( "a",name )', ''].join('\n');

describe('lint: formatting', () => {
  let folder: ReturnType<typeof tempFolder>;
  beforeAll(() => {
    folder = tempFolder('signdock-format-');
  });
  afterAll(() => folder.remove());

  const check = (name: string, code: string) => {
    const file = join(folder.path, name);
    writeFileSync(file, code);
    return spawnSync(process.execPath, [prettierBin, '--check', '--config', join(root, '.prettierrc.json'), file], { encoding: 'utf8' });
  };

  it('fails an unformatted file and names it', () => {
    const run = check('unformatted.ts', unformatted);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout + run.stderr).toContain('unformatted.ts');
  });

  it('passes the same code formatted in the project style (single quotes, semicolons)', () => {
    const run = check('formatted.ts', formatted);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it('is part of npm run lint', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toBe('node scripts/lint.mjs');
    expect(readFileSync(join(root, 'scripts/lint.mjs'), 'utf8')).toContain("['prettier', '--check', '.']");
  });
});
