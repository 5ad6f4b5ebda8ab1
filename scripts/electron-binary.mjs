// Where Electron's binary is, without triggering its download (require('electron') would try one).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @returns {{ path: string } | { missing: string }} */
export function findElectronBinary(root = process.cwd()) {
  const pkg = join(root, 'node_modules', 'electron');
  if (!existsSync(pkg)) return { missing: 'the electron package is not installed (run npm ci)' };
  const pathFile = join(pkg, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (override) {
    const candidate = join(override, relative ?? 'electron');
    return existsSync(candidate) ? { path: candidate } : { missing: `ELECTRON_OVERRIDE_DIST_PATH has no binary at ${candidate}` };
  }
  if (!relative) return { missing: "Electron's binary was never downloaded (node_modules/electron/path.txt is absent)" };
  const candidate = join(pkg, 'dist', relative);
  return existsSync(candidate) ? { path: candidate } : { missing: `Electron's binary is absent (${candidate})` };
}
