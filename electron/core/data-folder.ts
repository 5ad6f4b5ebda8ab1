import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const APP_FOLDER = 'SignDock';

/** `SIGNDOCK_HOME` when set, else the OS application-data folder (the same place Electron's userData uses). */
export function resolveDataFolder(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const override = env.SIGNDOCK_HOME?.trim();
  if (override) return override;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER);
  return join(env.XDG_CONFIG_HOME?.trim() || join(home, '.config'), APP_FOLDER);
}

/** Mode of every folder SignDock keeps private: only its user may list or enter it. */
export const PRIVATE_FOLDER_MODE = 0o700;
/** Mode of every file SignDock keeps private: only its user may read or write it. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The data folder's parts that SignDock makes and keeps private, besides the folder itself: the
 * database with its WAL, shared-memory and journal files, the logs, the demo sandbox's state and the
 * browser's uploads. Nothing else in the folder is touched (it may be Electron's userData, shared
 * with Chromium's own files, or a folder chosen with SIGNDOCK_HOME).
 */
const privateFiles = ['signdock.db', 'signdock.db-wal', 'signdock.db-shm', 'signdock.db-journal'];
const privateFolders = ['logs', 'sandbox', 'uploads'];

/**
 * Makes the data folder (creating it if needed) readable by its user only: the folder 0700 and,
 * for folders made by earlier versions with the default modes, SignDock's own files in it 0600 and
 * its own subfolders 0700, whole trees. It holds every signer's signing link (anyone with it can
 * sign) and personal data. Symbolic links are neither followed nor changed; a part that cannot be
 * changed (another owner) is left as it is. POSIX modes only: on Windows, the folder is under the
 * user's own profile, which other users cannot read.
 */
export function secureDataFolder(folder: string, platform: NodeJS.Platform = process.platform): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (platform === 'win32') return;
  restrict(folder, PRIVATE_FOLDER_MODE);
  for (const name of privateFiles) restrictTree(join(folder, name));
  for (const name of privateFolders) restrictTree(join(folder, name));
}

/** A file 0600, or a folder 0700 with everything in it the same (no links followed). */
export function restrictTree(path: string): void {
  let info;
  try {
    info = lstatSync(path);
  } catch {
    return;
  }
  if (info.isFile()) return restrict(path, PRIVATE_FILE_MODE, info.mode);
  if (!info.isDirectory()) return;
  restrict(path, PRIVATE_FOLDER_MODE, info.mode);
  let names: string[];
  try {
    names = readdirSync(path);
  } catch {
    return;
  }
  for (const name of names) restrictTree(join(path, name));
}

/** chmod when the mode differs; best effort (the owner may be someone else, the file may be gone). */
function restrict(path: string, mode: number, current?: number): void {
  try {
    if (current !== undefined && (current & 0o7777) === mode) return;
    chmodSync(path, mode);
  } catch {
    // Not ours to change, or gone: nothing more to do here.
  }
}
