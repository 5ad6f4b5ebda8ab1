import { describe, expect, it } from 'vitest';
import { resolveDataFolder } from '../../electron/core/data-folder';

describe('data folder', () => {
  it('is SIGNDOCK_HOME when set', () => {
    expect(resolveDataFolder({ SIGNDOCK_HOME: '/srv/signdock' }, 'linux', '/home/ana')).toBe('/srv/signdock');
  });
  it('is the OS application-data folder otherwise', () => {
    expect(resolveDataFolder({}, 'linux', '/home/ana')).toBe('/home/ana/.config/SignDock');
    expect(resolveDataFolder({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/ana')).toBe('/x/SignDock');
    expect(resolveDataFolder({}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Application Support/SignDock');
    expect(resolveDataFolder({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ana')).toMatch(/Roaming.SignDock$/);
  });
});
