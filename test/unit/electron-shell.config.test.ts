import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTrustedUrl, mainWindowOptions, permissionAllowed, rendererEntry } from '../../electron/main/shell-policy';

// Issue 15: the Electron shell's configuration, read from what electron/main/index.ts really uses
// (the Electron binary is not available to tests: the settings live in plain modules).
const mainSource = readFileSync(new URL('../../electron/main/index.ts', import.meta.url), 'utf8');
const files = { rendererFile: '/app/out/renderer/index.html', rendererFileUrl: 'file:///app/out/renderer/index.html' };

describe('Electron shell: the window', () => {
  it('is isolated and sandboxed, with no Node in the page and only the preload bridge', () => {
    const options = mainWindowOptions('/app/out/preload/index.cjs', { width: 1280, height: 820 });
    expect(options.webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    });
    expect(options).toMatchObject({ width: 1280, height: 820, show: false });
  });

  it('index.ts builds its window from these options and loads only the chosen entry', () => {
    expect(mainSource).toMatch(/new BrowserWindow\(mainWindowOptions\(preloadFile, state\.bounds\)\)/);
    expect(mainSource.match(/new BrowserWindow\(/g)).toHaveLength(1);
    // The dev URL is read once, through rendererEntry, which ignores it when packaged.
    expect(mainSource.match(/ELECTRON_RENDERER_URL/g)).toHaveLength(1);
    expect(mainSource).toMatch(/rendererEntry\(\{\s*isPackaged: app\.isPackaged,\s*devUrl: process\.env\.ELECTRON_RENDERER_URL,/);
  });

  it('index.ts opens external links only through the allow-list, and blocks other navigation and new windows', () => {
    expect(mainSource.match(/shell\.openExternal\(/g)).toHaveLength(1);
    expect(mainSource).toMatch(
      /const decision = decideExternalLink\(url, \{ serviceBaseUrl, projectPages: PROJECT_PAGES \}\);\s*if \(decision\.open\) await shell\.openExternal\(decision\.url\);/,
    );
    expect(mainSource).toMatch(
      /setWindowOpenHandler\(\(\{ url \}\) => \{\s*void openExternalIfAllowed\(url\);\s*return \{ action: 'deny' \};/,
    );
    expect(mainSource).toMatch(/contents\.setWindowOpenHandler\(\(\) => \(\{ action: 'deny' \}\)\)/);
    expect(mainSource).toMatch(/will-navigate', \(event, url\) => \{\s*if \(isTrustedUrl\(url\)\) return;\s*event\.preventDefault\(\);/);
    expect(mainSource).toMatch(/will-attach-webview', \(event\) => event\.preventDefault\(\)/);
    expect(mainSource).toMatch(/const allowed = \(permission: string, url: string\) => permissionAllowed\(permission, url, entry\.url\);/);
    expect(mainSource).toMatch(
      /setPermissionRequestHandler\(\(contents, permission, callback\) => callback\(allowed\(permission, contents\.getURL\(\)\)\)\)/,
    );
  });
});

describe('Electron shell: the page it loads', () => {
  it('a packaged app ignores ELECTRON_RENDERER_URL', () => {
    expect(rendererEntry({ isPackaged: true, devUrl: 'https://evil.example/', ...files })).toEqual({
      kind: 'file',
      file: files.rendererFile,
      url: files.rendererFileUrl,
    });
    expect(rendererEntry({ isPackaged: true, devUrl: 'http://localhost:5173/', ...files }).kind).toBe('file');
  });

  it('in development, only a server on this computer', () => {
    expect(rendererEntry({ isPackaged: false, devUrl: 'http://localhost:5173/', ...files })).toEqual({
      kind: 'url',
      url: 'http://localhost:5173/',
    });
    expect(rendererEntry({ isPackaged: false, devUrl: 'http://127.0.0.1:5173', ...files })).toEqual({
      kind: 'url',
      url: 'http://127.0.0.1:5173/',
    });
    expect(rendererEntry({ isPackaged: false, devUrl: 'https://evil.example/', ...files }).kind).toBe('file');
    expect(rendererEntry({ isPackaged: false, devUrl: 'file:///tmp/x.html', ...files }).kind).toBe('file');
    expect(rendererEntry({ isPackaged: false, devUrl: undefined, ...files }).kind).toBe('file');
  });

  it('only the app page itself is trusted for IPC and navigation; permissions: clipboard writes from it only', () => {
    const app = files.rendererFileUrl;
    expect(isTrustedUrl(`${app}#/batches`, app)).toBe(true);
    expect(isTrustedUrl('file:///tmp/other.html', app)).toBe(false);
    expect(isTrustedUrl('https://evil.example/out/renderer/index.html', app)).toBe(false);
    expect(isTrustedUrl('not a url', app)).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', app, app)).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'fileSystem']) {
      expect(permissionAllowed(permission, app, app)).toBe(false);
    }
    expect(permissionAllowed('clipboard-sanitized-write', 'https://evil.example/', app)).toBe(false);
  });
});
