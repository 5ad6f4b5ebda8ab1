/**
 * Starts the local sandbox for the "Try the sandbox" demo. Hosts that ship the sandbox pass one in;
 * the core never imports the sandbox itself.
 */
export interface SandboxLauncher {
  /** Starts (or reuses) a sandbox that accepts `key` and keeps its documents in `stateFile`. */
  start(options: { key: string; stateFile: string; port?: number }): Promise<{ url: string; tsaUrl?: string }>;
  stop(): Promise<void>;
  /** Where the sandbox delivers its notifications (kept for later starts too). */
  setWebhook(url: string): Promise<void>;
}
