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
