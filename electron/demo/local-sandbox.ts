import { existsSync } from 'node:fs';
import type { SandboxLauncher } from '../core/sandbox-launcher';
import type { Sandbox } from '../../test/sandbox/start-sandbox';

/**
 * The "Try the sandbox" launcher: runs the local simulator of the service inside this process,
 * on loopback, with demo data the first time and the saved state afterwards. Loaded on first use,
 * so hosts that never start the demo pay nothing for it.
 */
export function localSandbox(): SandboxLauncher {
  let running: { sandbox: Sandbox; key: string; stateFile: string } | null = null;
  let webhookUrl: string | null = null;
  return {
    async start({ key, stateFile, port }) {
      if (running && running.key === key && running.stateFile === stateFile) return { url: running.sandbox.url };
      await running?.sandbox.stop();
      running = null;
      const { startSandbox } = await import('../../test/sandbox/start-sandbox');
      const firstRun = !existsSync(stateFile);
      // Demo signers take about 20 s to sign, so a person can watch documents move.
      // The demo's key lives in this process only: it is given at every start and never saved.
      const options = { key, stateFile, keysInMemoryOnly: true, demo: firstRun, autoSign: { enabled: true, delay_ms: 20_000 } };
      let sandbox: Sandbox;
      try {
        sandbox = await startSandbox({ ...options, port: port ?? 0 });
      } catch (error) {
        // The port of the last run may be taken now: any free port will do (the account is re-pointed).
        if (!port || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        sandbox = await startSandbox({ ...options, port: 0 });
      }
      running = { sandbox, key, stateFile };
      if (webhookUrl) await sandbox.controlClient.setWebhook({ url: webhookUrl });
      return { url: sandbox.url };
    },
    async stop() {
      await running?.sandbox.stop();
      running = null;
    },
    async setWebhook(url) {
      webhookUrl = url;
      await running?.sandbox.controlClient.setWebhook({ url });
    },
  };
}
