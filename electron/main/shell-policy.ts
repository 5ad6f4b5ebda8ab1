/**
 * The Electron shell's security settings as plain data and functions, no Electron import, so that
 * tests read exactly what `index.ts` uses: the window's options, which page it loads, which
 * addresses count as the app's own page, and which permissions a page gets.
 */

export interface WindowOptions {
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  title: string;
  backgroundColor: string;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    nodeIntegrationInSubFrames: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    webviewTag: false;
    navigateOnDragDrop: false;
    spellcheck: boolean;
  };
}

/** The one window's options: isolated, sandboxed, no Node in the page, only the preload bridge. */
export function mainWindowOptions(
  preload: string,
  bounds: { width?: number; height?: number; x?: number; y?: number } = {},
): WindowOptions {
  return {
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'SignDock',
    backgroundColor: '#1f2329',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // A file dropped outside the drop zone must not replace the app's page.
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  };
}

export type RendererEntry = { kind: 'url'; url: string } | { kind: 'file'; file: string; url: string };

const devHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The page the window loads: the built file, or — only when not packaged — the development
 * server named by `ELECTRON_RENDERER_URL` (electron-vite dev), and only on this computer. A packaged
 * app ignores the variable: whoever can set it could otherwise give the app's bridge to any page.
 */
export function rendererEntry(options: {
  isPackaged: boolean;
  devUrl: string | undefined;
  rendererFile: string;
  rendererFileUrl: string;
}): RendererEntry {
  if (!options.isPackaged && options.devUrl) {
    try {
      const url = new URL(options.devUrl);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && devHosts.has(url.hostname)) return { kind: 'url', url: url.href };
    } catch {
      // Not an address: the built page.
    }
  }
  return { kind: 'file', file: options.rendererFile, url: options.rendererFileUrl };
}

/** Only the app's own page (same scheme, host and path as what the window loads) may call the host or be navigated to. */
export function isTrustedUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url);
    const own = new URL(appUrl);
    return target.protocol === own.protocol && target.host === own.host && target.pathname === own.pathname;
  } catch {
    return false;
  }
}

/** Every permission is refused except writing to the clipboard from the app's own page (Copy buttons). */
export function permissionAllowed(permission: string, url: string, appUrl: string): boolean {
  return permission === 'clipboard-sanitized-write' && isTrustedUrl(url, appUrl);
}
