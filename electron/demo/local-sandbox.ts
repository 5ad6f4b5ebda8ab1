import { existsSync } from 'node:fs';
import type { SandboxLauncher } from '../core/sandbox-launcher';
import type { Sandbox } from '../../test/sandbox/start-sandbox';

export interface LocalSandboxOptions {
  /** Told the address and control token each time a sandbox starts (the web host prints them). */
  started?: (info: { url: string; control: string; controlToken: string }) => void;
}

/** Environment variable giving the control API's token (tests that play the signers); random when unset. */
export const CONTROL_TOKEN_ENV = 'SIGNDOCK_SANDBOX_CONTROL_TOKEN';

/**
 * The "Try the sandbox" launcher: runs the local simulator of the service inside this process,
 * on loopback, with demo data the first time and the saved state afterwards. Loaded on first use,
 * so hosts that never start the demo pay nothing for it. Its control API (`/_sandbox`) wants the
 * control token (random per start unless SIGNDOCK_SANDBOX_CONTROL_TOKEN gives one); this launcher's
 * own client sends it.
 */
export function localSandbox(launcherOptions: LocalSandboxOptions = {}): SandboxLauncher {
  let running: { sandbox: Sandbox; key: string; stateFile: string } | null = null;
  let webhookUrl: string | null = null;
  return {
    async start({ key, stateFile, port }) {
      if (running && running.key === key && running.stateFile === stateFile)
        return { url: running.sandbox.url, tsaUrl: running.sandbox.tsa.url };
      await running?.sandbox.stop();
      running = null;
      const { startSandbox } = await import('../../test/sandbox/start-sandbox');
      const firstRun = !existsSync(stateFile);
      const controlToken = process.env[CONTROL_TOKEN_ENV];
      // Demo signers take about 20 s to sign, so a person can watch documents move.
      // The demo's key lives in this process only: it is given at every start and never saved.
      const options = {
        key,
        stateFile,
        keysInMemoryOnly: true,
        demo: firstRun,
        autoSign: { enabled: true, delay_ms: 20_000 },
        ...(controlToken ? { controlToken } : {}),
      };
      let sandbox: Sandbox;
      try {
        sandbox = await startSandbox({ ...options, port: port ?? 0 });
      } catch (error) {
        // The port of the last run may be taken now: any free port will do (the account is re-pointed).
        if (!port || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        sandbox = await startSandbox({ ...options, port: 0 });
      }
      running = { sandbox, key, stateFile };
      launcherOptions.started?.({ url: sandbox.url, control: sandbox.control, controlToken: sandbox.controlToken });
      if (webhookUrl) await sandbox.controlClient.setWebhook({ url: webhookUrl });
      return { url: sandbox.url, tsaUrl: sandbox.tsa.url };
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
