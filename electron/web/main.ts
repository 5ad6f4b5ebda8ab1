import { existsSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveDataFolder } from '../core/data-folder';
import { createCore } from '../core/host';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { readVersion } from '../core/version';
import { startWebHost } from './server';
import { localSandbox } from '../demo/local-sandbox';
import { newWebSessionToken, readWebSession, saveWebSession } from './web-session';

/** `npm run web`: the web host, printing the URL (with its session token) to open. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.SIGNDOCK_WEB_PORT ?? '0' },
      home: { type: 'string' },
      json: { type: 'boolean', default: false },
      archive: { type: 'string' },
      'new-session': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a number from 0 to 65535 (got "${values.port}").\n`);
    process.exit(2);
  }
  const rendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));
  if (!existsSync(`${rendererDir}/index.html`)) {
    process.stderr.write('The UI is not built yet. Run "npm run web" (it builds first) or "npm run build:renderer".\n');
    process.exit(1);
  }
  const reviewArchive = values.archive === undefined ? undefined : archiveToReview(values.archive);
  const dataFolder = values.home ?? resolveDataFolder();
  const core = createCore({
    dataFolder,
    hostKind: 'web',
    version: readVersion(),
    ...(reviewArchive ? { reviewArchive } : {}),
    secrets: new KeytarSecretStore(),
    sandbox: localSandbox({
      started: ({ url, control, controlToken }) =>
        process.stderr.write(
          `The local sandbox is running at ${url} (control API ${control}, header x-sandbox-control-token: ${controlToken}).\n`,
        ),
    }),
  });
  if (process.env.SIGNDOCK_DEMO === '1') {
    process.stderr.write('Starting the local sandbox with demo data…\n');
    const demo = await core.dispatch('sandbox.start', {});
    if (!demo.ok) throw new Error(demo.error.message);
  }
  await core.startBackground();
  const last = values['new-session'] ? null : readWebSession(dataFolder);
  const review = reviewArchive ? { reviewArchive } : {};
  // The last run's address and token when that port is free again: an open tab reconnects by itself (after
  // this host proves it knows the token: session-proof.ts). At any other address the token is new, so
  // whatever now answers at the old address holds nothing the new host takes.
  const wanted = port || (last?.port ?? 0);
  const token = last && wanted === last.port ? last.token : newWebSessionToken();
  const host = await startWebHost({ core, rendererDir, token, port: wanted, ...review }).catch((error: NodeJS.ErrnoException) => {
    if (port || error.code !== 'EADDRINUSE') throw error;
    process.stderr.write(
      `The last address (port ${wanted}) is taken by another program, so SignDock starts at a new address with a new link. A tab still open at the old address cannot reach it: open the new link.\n`,
    );
    return startWebHost({ core, rendererDir, token: newWebSessionToken(), port: 0, ...review });
  });
  saveWebSession(dataFolder, { token: host.token, port: host.port });
  if (values.json) process.stdout.write(JSON.stringify({ url: host.url }) + '\n');
  else
    process.stdout.write(
      `SignDock is running. Open this address in your browser:\n  ${host.url}\n(Data folder: ${dataFolder}.${reviewArchive ? ` Reviewing the archive in ${reviewArchive}, read-only.` : ''} Press Ctrl+C to stop.)\n`,
    );

  const stop = async () => {
    await host.close();
    await core.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

/**
 * `--archive DIR`: the evidence archive this web host reviews, read-only (the browser cannot name folders
 * of this computer, so the person who starts the host does), read from the folder they are in (INIT_CWD
 * under npm). A folder that is not there is said plainly.
 */
function archiveToReview(given: string): string {
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), given);
  try {
    if (!statSync(path).isDirectory()) throw new Error('not a folder');
    return realpathSync(path);
  } catch {
    process.stderr.write(
      `--archive: "${given}" is not a folder SignDock can read. Give the folder that holds the evidence archive (its bags).\n`,
    );
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`SignDock web host could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
