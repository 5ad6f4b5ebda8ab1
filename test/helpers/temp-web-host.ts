import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { tempFolder } from './temp-folder';

export interface TempWebHost {
  core: Core;
  host: WebHost;
  /** The core's data folder. */
  dataFolder: string;
  close(): Promise<void>;
}

/** A web host over a core in a temporary data folder, serving a one-line page with the given CSP. `reviewArchive`: as `--archive DIR`. */
export async function startTempWebHost(csp = "default-src 'self'", options: { reviewArchive?: string } = {}): Promise<TempWebHost> {
  const data = tempFolder();
  const ui = tempFolder();
  writeFileSync(
    join(ui.path, 'index.html'),
    `<!doctype html><meta http-equiv="Content-Security-Policy"\n content="${csp}"><title>SignDock</title>`,
  );
  const core = createCore({ dataFolder: data.path, hostKind: 'web', version: '0.0.0', secrets: new MemorySecretStore(), ...options });
  const host = await startWebHost({ core, rendererDir: ui.path, ...options });
  return {
    core,
    host,
    dataFolder: data.path,
    async close() {
      await host.close();
      await core.close();
      data.remove();
      ui.remove();
    },
  };
}
