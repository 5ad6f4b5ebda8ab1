import { sshTunnelSettingsSchema, type TunnelProvider, type TunnelSettings, type TunnelSettingsInput } from '../../../../shared';
import type { Catalog } from '../../i18n/en';

/** The fields of the tunnel form, as typed (numbers are typed as text too). */
export interface TunnelValues {
  provider: TunnelProvider;
  /** A new ngrok authtoken to store ('' leaves the stored one as it is; it is never read back). */
  authtoken: string;
  domain: string;
  host: string;
  port: string;
  user: string;
  auth: 'key' | 'agent';
  identityFile: string;
  remotePort: string;
  publicBaseUrl: string;
}

export type TunnelField = Exclude<keyof TunnelValues, 'provider' | 'auth'>;
export type TunnelProblem = keyof Catalog['tunnel']['errors'];
export type TunnelProblems = Partial<Record<TunnelField, TunnelProblem>>;

/** The order of the fields on screen, to move focus to the first with a problem. */
export const tunnelFields: readonly TunnelField[] = [
  'authtoken',
  'domain',
  'host',
  'port',
  'user',
  'identityFile',
  'remotePort',
  'publicBaseUrl',
];

/** The form's starting values: what the host has now. */
export function tunnelValuesOf(settings: TunnelSettings): TunnelValues {
  const ssh = settings.ssh;
  return {
    provider: settings.provider,
    authtoken: '',
    domain: settings.ngrok.domain ?? '',
    host: ssh?.host ?? '',
    port: String(ssh?.port ?? 22),
    user: ssh?.user ?? '',
    auth: ssh?.auth ?? 'key',
    identityFile: ssh?.identityFile ?? '',
    remotePort: ssh ? String(ssh.remotePort) : '',
    publicBaseUrl: ssh?.publicBaseUrl ?? '',
  };
}

const sshFieldProblem: Partial<Record<string, TunnelProblem>> = {
  host: 'host',
  port: 'port',
  user: 'user',
  identityFile: 'identityFile',
  remotePort: 'remotePort',
  publicBaseUrl: 'publicBaseUrl',
};

/**
 * What `tunnel.saveSettings` takes, from the typed values; the shared schema decides what is valid,
 * this only picks the catalog wording per field. The SSH server is sent only when SSH is chosen (the
 * saved one is kept otherwise); an ngrok authtoken goes to the keychain separately.
 */
export function tunnelInput(values: TunnelValues, settings: TunnelSettings): { input: TunnelSettingsInput; problems: TunnelProblems } {
  const problems: TunnelProblems = {};
  const domain = values.domain.trim();
  const input: TunnelSettingsInput = { provider: values.provider, ngrok: { domain: domain === '' ? null : domain } };
  if (values.provider === 'ngrok') {
    if (domain !== '' && !/^[A-Za-z0-9.-]{1,253}$/.test(domain)) problems.domain = 'domain';
    const token = values.authtoken.trim();
    if (token !== '' && !/^[A-Za-z0-9_-]{20,200}$/.test(token)) problems.authtoken = 'authtoken';
    if (token === '' && !settings.ngrok.authtokenStored && !settings.ngrok.authtokenFromEnvironment)
      problems.authtoken = 'authtokenMissing';
  }
  if (values.provider === 'ssh') {
    const number = (text: string) => (/^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
    const ssh = {
      host: values.host,
      port: number(values.port),
      user: values.user,
      auth: values.auth,
      identityFile: values.auth === 'key' ? values.identityFile.trim() || null : null,
      remotePort: number(values.remotePort),
      publicBaseUrl: values.publicBaseUrl,
      knownHostsFile: settings.ssh?.knownHostsFile ?? null,
    };
    if (ssh.auth === 'key' && ssh.identityFile === null) problems.identityFile = 'identityFile';
    const checked = sshTunnelSettingsSchema.safeParse(ssh);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as TunnelField;
        const problem = sshFieldProblem[field];
        if (problem) problems[field] ??= problem;
      }
    }
    input.ssh = ssh;
  }
  return { input, problems };
}

/** Whether the typed values differ from what is saved (an authtoken typed counts as a change). */
export function tunnelChanged(values: TunnelValues, settings: TunnelSettings): boolean {
  const saved = tunnelValuesOf(settings);
  return (Object.keys(saved) as (keyof TunnelValues)[]).some((key) => values[key].trim() !== saved[key].trim());
}

/** Props of a text field of the tunnel form: name, value, its problem in words, change, focus target. */
export type TunnelFieldBinder = (field: TunnelField) => {
  name: TunnelField;
  value: string;
  error: string | null;
  onChange(event: { target: { value: string } }): void;
  inputRef(element: HTMLInputElement | null): void;
};
