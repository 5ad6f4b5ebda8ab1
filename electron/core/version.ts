import { readFileSync } from 'node:fs';

/** The app's version from package.json, found by walking up from this file. */
export function readVersion(start: URL = new URL('.', import.meta.url)): string {
  let dir = start;
  for (let depth = 0; depth < 6; depth += 1) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'signdock' && pkg.version) return pkg.version;
    } catch {
      // keep walking up
    }
    dir = new URL('..', dir);
  }
  return '0.0.0';
}
