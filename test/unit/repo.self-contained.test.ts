import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository documents itself: no tracked file points to a document outside it, and every folder
// that holds source files has a README.md naming each file in that folder, and no Markdown file names a
// source file that is gone (ARCHITECTURE.md is the map).

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && existsSync(resolve(root, file)));

const readText = (file: string): string | null => {
  const bytes = readFileSync(resolve(root, file));
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
};

// Built from pieces so that this file does not name what it forbids.
const outsideDesign = 'DESIGN' + '.md';
const absoluteWork = new RegExp('(?<![\\w.~/-])/' + 'work/');
const sharedUp = new RegExp('((?:\\.\\./)+)' + 'shared(?=[/\'"`\\s)]|$)', 'g');

/** Every line of `text` that points outside the repository, as "file:line: why". */
export function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (line.includes(outsideDesign)) found.push(`${where}: names ${outsideDesign}, which is not in the repository`);
    if (absoluteWork.test(line)) found.push(`${where}: an absolute path of the machine it was written on`);
    for (const match of line.matchAll(sharedUp)) {
      const target = resolve(root, dirname(file), `${match[1]}shared`);
      if (target !== root && !target.startsWith(root + sep)) found.push(`${where}: ${match[0]} leads outside the repository`);
    }
  });
  return found;
}

const sourceExtensions = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css']);
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether `readme` names `name` as a whole file name (not as part of a longer one). */
export const namesFile = (readme: string, name: string): boolean =>
  new RegExp(`(?<![\\w.-])${escapeRegExp(name)}(?![\\w-]|\\.\\w)`).test(readme);

/** Source files (and documents by path) a Markdown text names in backticks (`host.ts`, `../jobs/README.md`) that no tracked file is. */
export function missingSourceNames(doc: string, text: string, files: readonly string[]): string[] {
  const names = new Set(files.map((file) => posix.basename(file)));
  const missing: string[] = [];
  for (const match of text.matchAll(/`([\w./@-]+\.(?:ts|tsx|mjs|cjs|css|md))`/g)) {
    const name = match[1] as string;
    // A bare document name may be someone else's (the service's documents); a path must be here.
    if (name.endsWith('.md') && !name.includes('/')) continue;
    const found = name.includes('/')
      ? files.includes(posix.normalize(posix.join(posix.dirname(doc), name))) ||
        files.some((file) => file === name || file.endsWith(`/${name.replace(/^(\.\.?\/)+/, '')}`))
      : names.has(name);
    if (!found) missing.push(name);
  }
  return missing;
}

describe('the repository is self-contained', () => {
  it('the checks catch what they are meant to catch', () => {
    expect(outsideReferences('README.md', `See ${'../'}shared/${outsideDesign}.`)).toHaveLength(2);
    expect(outsideReferences('docs/a.md', `read ${'/'}work/shared/notes.md`)).toHaveLength(1);
    expect(outsideReferences('renderer/src/app/a.ts', `import x from '${'../'.repeat(3)}shared';`)).toEqual([]);
    expect(outsideReferences('renderer/src/app/a.ts', `import x from '${'../'.repeat(4)}shared/x';`)).toHaveLength(1);
    expect(outsideReferences('README.md', 'https://example.com/work/item and ARCHITECTURE.md')).toEqual([]);
    expect(namesFile('`host.ts` is the root.', 'host.ts')).toBe(true);
    expect(namesFile('see host.ts.', 'host.ts')).toBe(true);
    expect(namesFile('see web-host.ts', 'host.ts')).toBe(false);
    expect(namesFile('see host.tsx', 'host.ts')).toBe(false);
    expect(
      missingSourceNames('electron/core/README.md', '`host.ts`, `jobs/leases.ts`, `../web/server.ts`', [
        'electron/core/host.ts',
        'electron/core/jobs/leases.ts',
        'electron/web/server.ts',
      ]),
    ).toEqual([]);
    expect(missingSourceNames('electron/core/README.md', '`gone.ts` and `jobs/gone.ts`', ['electron/core/host.ts'])).toEqual([
      'gone.ts',
      'jobs/gone.ts',
    ]);
    expect(missingSourceNames('README.md', '`shared/notes.md`, `notes.md`', ['README.md'])).toEqual(['shared/notes.md']);
  });

  it('no tracked text file points to a document or folder outside the repository', () => {
    const found = tracked.flatMap((file) => {
      const text = readText(file);
      return text === null ? [] : outsideReferences(file, text);
    });
    expect(found, found.join('\n')).toEqual([]);
  });

  it('every folder with source files has a README.md naming each file in it', () => {
    const byFolder = new Map<string, string[]>();
    for (const file of tracked) {
      const folder = posix.dirname(file);
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), posix.basename(file)]);
    }
    const problems: string[] = [];
    for (const [folder, files] of byFolder) {
      if (!files.some((name) => sourceExtensions.has(extname(name)))) continue;
      const readmePath = folder === '.' ? 'README.md' : `${folder}/README.md`;
      if (!files.includes('README.md')) {
        problems.push(`${folder}/ has source files but no README.md`);
        continue;
      }
      const readme = readFileSync(resolve(root, readmePath), 'utf8');
      for (const name of files) {
        if (name !== 'README.md' && !namesFile(readme, name)) problems.push(`${readmePath} does not name ${name}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('no Markdown file names a source file the repository no longer has', () => {
    const stale = tracked
      .filter((file) => file.endsWith('.md'))
      .flatMap((doc) =>
        missingSourceNames(doc, readFileSync(resolve(root, doc), 'utf8'), tracked).map(
          (name) => `${doc} names ${name}, which is not in the repository`,
        ),
      );
    expect(stale, stale.join('\n')).toEqual([]);
  });
});
