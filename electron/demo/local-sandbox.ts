import type { SandboxLauncher } from '../core/sandbox-launcher';

/** The "Try the sandbox" launcher: runs the local sandbox inside this process. */
export function localSandbox(): SandboxLauncher | undefined {
  // Wired to test/sandbox once it lands (issue 3).
  return undefined;
}
