/** Made-up answers of the tunnel operations (shapes of shared/domain/webhooks.ts), for tunnel-ui.spec.ts. */

export const fingerprint = 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s';

export const tunnelSettings = (patch: Record<string, unknown> = {}) => ({
  provider: 'none',
  enabled: false,
  ngrok: { domain: null as string | null, authtokenStored: false, authtokenFromEnvironment: false },
  ssh: null as unknown,
  ...patch,
});

export const tunnelStatus = (patch: Record<string, unknown> = {}) => ({
  provider: 'none',
  state: 'off',
  publicBaseUrl: null as string | null,
  hookUrl: null as string | null,
  runningSince: null as string | null,
  error: null as unknown,
  nextRetryAt: null as string | null,
  attempts: 0,
  hostKey: null as unknown,
  notifications: { lastReceivedAt: null as string | null, receivedThisRun: 0 },
  ...patch,
});

export const sshServer = {
  host: 'tunnel.example.org',
  port: 22,
  user: 'signdock',
  auth: 'key',
  identityFile: '/home/ana/.ssh/id_ed25519',
  remotePort: 8443,
  publicBaseUrl: 'https://hooks.example.org',
  knownHostsFile: null,
};

export const runningSsh = (patch: Record<string, unknown> = {}) =>
  tunnelStatus({
    provider: 'ssh',
    state: 'running',
    publicBaseUrl: 'https://hooks.example.org',
    hookUrl: 'https://hooks.example.org/hooks/Zk3v9Qm1x7LrT0aB2cD4eF6gH8iJ0kL2mN4oP6qR8sT',
    runningSince: new Date().toISOString(),
    ...patch,
  });
