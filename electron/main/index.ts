import { app, BrowserWindow, session, shell } from 'electron';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolveDataFolder } from '../core/data-folder';
import { createCore, type Core } from '../core/host';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { localSandbox } from '../demo/local-sandbox';
import { notifyWhenBatchesEnd } from './batch-notifications';
import { quitAfterClose } from './quit-after-close';
import { wireIpc } from './ipc-main';
import { WindowStateKeeper } from './window-state';

const rendererUrl = process.env.ELECTRON_RENDERER_URL;
const rendererFile = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
const preloadFile = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const appUrl = rendererUrl ?? pathToFileURL(rendererFile).href;

/** Only the app's own page may call the host or be navigated to. */
function isTrustedUrl(url: string): boolean {
  try {
    const target = new URL(url);
    const own = new URL(appUrl);
    return target.protocol === own.protocol && target.host === own.host && target.pathname === own.pathname;
  } catch {
    return false;
  }
}

let core: Core | undefined;

function createWindow(): BrowserWindow {
  const state = new WindowStateKeeper();
  const window = new BrowserWindow({
    ...state.bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'SignDock',
    backgroundColor: '#1f2329',
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      spellcheck: true,
    },
  });
  state.track(window);
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  // Files the page offers to save (results CSV, manifest template) are made in the page as blob:
  // links; with no save path set, Electron asks where to save them. Nothing else is downloaded.
  window.webContents.session.on('will-download', (event, item, contents) => {
    if (contents !== window.webContents || !item.getURL().startsWith('blob:')) event.preventDefault();
  });
  return window;
}

async function start(): Promise<void> {
  await app.whenReady();
  // Every permission is refused except writing to the clipboard from the app's own page (Copy buttons).
  const clipboardWrite = (permission: string, url: string) => permission === 'clipboard-sanitized-write' && isTrustedUrl(url);
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) => callback(clipboardWrite(permission, contents.getURL())));
  session.defaultSession.setPermissionCheckHandler((_contents, permission, origin) => clipboardWrite(permission, origin));

  const dataFolder = process.env.SIGNDOCK_HOME ? resolveDataFolder() : app.getPath('userData');
  core = createCore({
    dataFolder,
    hostKind: 'electron',
    version: app.getVersion(),
    secrets: new KeytarSecretStore(),
    sandbox: localSandbox(),
  });
  if (process.env.SIGNDOCK_DEMO === '1') await core.dispatch('sandbox.start', {});
  await core.startBackground();
  const window = createWindow();
  const unwire = wireIpc(core, window, isTrustedUrl);
  const unnotify = notifyWhenBatchesEnd(core);
  window.on('closed', () => {
    unwire();
    unnotify();
  });
  if (rendererUrl) await window.loadURL(rendererUrl);
  else await window.loadFile(rendererFile);
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

app.on('window-all-closed', () => app.quit());
// Quitting waits (at most 5 s) for the core to close: batches paused, the listener and the database closed.
app.on(
  'will-quit',
  quitAfterClose({
    close: async () => core?.close(),
    exit: (code) => app.exit(code),
    warn: (outcome) => process.stderr.write(`SignDock did not close cleanly (${outcome === 'timed-out' ? 'it took longer than 5 s' : 'closing failed'}); quitting anyway.\n`),
  }),
);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  start().catch((error: unknown) => {
    process.stderr.write(`SignDock could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    app.exit(1);
  });
}
