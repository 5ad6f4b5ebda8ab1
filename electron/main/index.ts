import { app, BrowserWindow, session, shell } from 'electron';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AccountsState } from '../../shared/domain/accounts';
import { resolveDataFolder } from '../core/data-folder';
import { createCore, type Core } from '../core/host';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { localSandbox } from '../demo/local-sandbox';
import { notifyDocumentNotices, notifyWhenBatchesEnd } from './batch-notifications';
import { quitAfterClose } from './quit-after-close';
import { decideExternalLink, linkForLog, PROJECT_PAGES } from './external-links';
import { wireIpc } from './ipc-main';
import { isTrustedUrl as isOwnUrl, mainWindowOptions, permissionAllowed, rendererEntry } from './shell-policy';
import { WindowStateKeeper } from './window-state';

const rendererFile = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
const preloadFile = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
// The development server only when not packaged (shell-policy.ts).
const entry = rendererEntry({
  isPackaged: app.isPackaged,
  devUrl: process.env.ELECTRON_RENDERER_URL,
  rendererFile,
  rendererFileUrl: pathToFileURL(rendererFile).href,
});
const isTrustedUrl = (url: string) => isOwnUrl(url, entry.url);

let core: Core | undefined;

function createWindow(): BrowserWindow {
  const state = new WindowStateKeeper();
  const window = new BrowserWindow(mainWindowOptions(preloadFile, state.bounds));
  state.track(window);
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  // New windows never open; a link goes to the system browser only when the allow-list says so.
  window.webContents.setWindowOpenHandler(({ url }) => {
    void openExternalIfAllowed(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (isTrustedUrl(url)) return;
    event.preventDefault();
    void openExternalIfAllowed(url);
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  // Files the page offers to save (results CSV, manifest template) are made in the page as blob:
  // links; with no save path set, Electron asks where to save them. Nothing else is downloaded.
  window.webContents.session.on('will-download', (event, item, contents) => {
    if (contents !== window.webContents || !item.getURL().startsWith('blob:')) event.preventDefault();
  });
  return window;
}

/**
 * Opens `url` in the system browser when it is on the selected account's service or the project's
 * pages (external-links.ts); otherwise logs the refusal (scheme and host only). The page shows
 * every link it offers in a field for copying, so a refused link is still at hand.
 */
async function openExternalIfAllowed(url: string): Promise<void> {
  let serviceBaseUrl: string | null = null;
  if (core) {
    const listed = await core.dispatch('accounts.list', {});
    if (listed.ok) {
      const { accounts, selectedId } = listed.value as AccountsState;
      serviceBaseUrl = accounts.find((account) => account.id === selectedId)?.baseUrl ?? null;
    }
  }
  const decision = decideExternalLink(url, { serviceBaseUrl, projectPages: PROJECT_PAGES });
  if (decision.open) await shell.openExternal(decision.url);
  else core?.logger.log('warn', 'refused to open a link outside the allow-list', { link: linkForLog(url), reason: decision.reason });
}

async function start(): Promise<void> {
  await app.whenReady();
  // Every permission is refused except writing to the clipboard from the app's own page (Copy buttons).
  const allowed = (permission: string, url: string) => permissionAllowed(permission, url, entry.url);
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) => callback(allowed(permission, contents.getURL())));
  session.defaultSession.setPermissionCheckHandler((_contents, permission, origin) => allowed(permission, origin));

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
  const unnotifyBatches = notifyWhenBatchesEnd(core);
  const unnotifyDocuments = notifyDocumentNotices(core);
  const unnotify = () => {
    unnotifyBatches();
    unnotifyDocuments();
  };
  window.on('closed', () => {
    unwire();
    unnotify();
  });
  if (entry.kind === 'url') await window.loadURL(entry.url);
  else await window.loadFile(entry.file);
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
    warn: (outcome) =>
      process.stderr.write(
        `SignDock did not close cleanly (${outcome === 'timed-out' ? 'it took longer than 5 s' : 'closing failed'}); quitting anyway.\n`,
      ),
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
