import { z } from 'zod';

/** The local webhook listener of the selected account, and the address to paste in the service's console. */
export const webhookStateSchema = z.object({
  listening: z.boolean(),
  port: z.number().int().nullable(),
  /** The listener's own address on this computer (127.0.0.1). */
  localUrl: z.string().nullable(),
  /** The user's tunnel or reverse-proxy address in front of the listener, if set. */
  publicBaseUrl: z.string().nullable(),
  /** The full notification URL to paste in the service's console (API > Webhooks). Contains the secret path. */
  hookUrl: z.string().nullable(),
  hmacConfigured: z.boolean(),
  error: z.string().nullable(),
});
export type WebhookState = z.infer<typeof webhookStateSchema>;

export const webhookSettingsSchema = z
  .object({
    publicBaseUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), 'The public address must start with https:// (or http://).')
      .nullable()
      .optional(),
    port: z.number().int().min(0).max(65535).optional(),
    /** The webhook secret configured in the service's console, to check `x-signature-sha256`; null removes it. */
    hmacSecret: z.string().min(8, 'A webhook secret has at least 8 characters.').max(512).nullable().optional(),
  })
  .strict();
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** The notification kinds the inbox acts on; any other kind is stored and ignored. */
export const notificationKinds = ['DS', 'SD', 'DC'] as const;

/**
 * Why the webhook listener refused a request (each is counted; none changes anything): no such path
 * (wrong or rotated token), not POST, not application/json, over the body cap, not a JSON object, HMAC
 * missing or wrong, the inbox could not commit (503: the service retries), the sender went away mid-body,
 * malformed HTTP or timeouts (answered by Node).
 */
export const refusalReasons = [
  'not-found',
  'method',
  'media-type',
  'too-large',
  'bad-json',
  'bad-signature',
  'store-failed',
  'aborted',
  'bad-request',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export const inboxStates = ['pending', 'done', 'ignored', 'failed'] as const;
export type InboxState = (typeof inboxStates)[number];

export const inboxStatsSchema = z.object({
  received: z.number().int(),
  duplicates: z.number().int(),
  pending: z.number().int(),
  done: z.number().int(),
  ignored: z.number().int(),
  failed: z.number().int(),
  /** Requests refused by the listener, by reason (wrong path, not JSON, too large, bad signature…). */
  refused: z.record(z.string(), z.number().int()),
});
export type InboxStats = z.infer<typeof inboxStatsSchema>;

export const inboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  documentId: z.string().nullable(),
  signatureId: z.string().nullable(),
  notificationId: z.string().nullable(),
  receivedAt: z.string(),
  duplicates: z.number().int(),
  state: z.enum(inboxStates),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  processedAt: z.string().nullable(),
  /** The notification's body exactly as received. */
  raw: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  stats: inboxStatsSchema,
  total: z.number().int(),
  items: z.array(inboxItemSchema),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/*
 * The built-in tunnel (Settings → Notifications, `webhook serve --tunnel`): the listener reached from
 * the internet through ngrok or through the organisation's own SSH server (`ssh -R`). Only the
 * listener's secret path is ever exposed; its caps and signature check apply to tunneled requests too.
 */
export const tunnelProviders = ['none', 'ngrok', 'ssh'] as const;
export type TunnelProvider = (typeof tunnelProviders)[number];

/**
 * off: not started (or stopped); starting: connecting the first time; running: the address works;
 * reconnecting: lost (sleep, network change, server restart) and trying again after `nextRetryAt`;
 * failed: stopped trying until something changes (a refused authtoken, a changed host key, bad settings);
 * needsHostKeyConfirmation: first contact with an SSH server whose key is not known yet — show
 * `hostKey.fingerprint` and ask the user to confirm it once (`tunnel.confirmHostKey`).
 */
export const tunnelStates = ['off', 'starting', 'running', 'reconnecting', 'failed', 'needsHostKeyConfirmation'] as const;
export type TunnelState = (typeof tunnelStates)[number];

/** An OpenSSH SHA-256 host key fingerprint, as `ssh-keygen -lf` prints it. */
export const hostKeyFingerprintSchema = z
  .string()
  .trim()
  .regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'A host key fingerprint looks like SHA256: followed by 43 letters, digits, + or /.');

const hostNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the server’s name or address.')
  .max(253)
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+|[0-9A-Fa-f:.]+)$/, 'The server is a name such as tunnel.example.com or an IP address.');
const portSchema = z
  .number()
  .int()
  .min(1, 'A port is a whole number from 1 to 65535.')
  .max(65535, 'A port is a whole number from 1 to 65535.');
const filePathSchema = z.string().trim().min(1).max(4096);

/** The most a private key or known_hosts file given from a browser may hold (it is uploaded, never named by path). */
export const maxSshUploadBytes = 64 * 1024;

export const ngrokSettingsSchema = z
  .object({
    /** A domain reserved in the user's ngrok account (the address stays the same across restarts); null: a new random address each start. */
    domain: z
      .string()
      .trim()
      .max(253)
      .regex(/^[A-Za-z0-9.-]+$/, 'Enter the domain alone, such as acme.ngrok.app (no https:// and no path).')
      .nullable(),
  })
  .strict();
export type NgrokSettings = z.infer<typeof ngrokSettingsSchema>;

export const sshTunnelSettingsSchema = z
  .object({
    host: hostNameSchema,
    port: portSchema.default(22),
    user: z
      .string()
      .trim()
      .min(1, 'Enter the user name on the server.')
      .max(64)
      .regex(/^[^\s@:]+$/, 'The user name has no spaces, @ or :.'),
    /** 'key': the private key file `identityFile`; 'agent': the SSH agent (SSH_AUTH_SOCK / Pageant). */
    auth: z.enum(['key', 'agent']),
    identityFile: filePathSchema.nullable(),
    /** The port opened on the server (`ssh -R <remotePort>:127.0.0.1:<listener>`). */
    remotePort: portSchema,
    /** The address the server's own reverse proxy (or GatewayPorts) exposes for `remotePort`: `https://hooks.example.com`. */
    publicBaseUrl: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'The public address must start with https:// (or http://), without “?” or “#”.'),
    /** known_hosts file to check the server's key against; null: the user's ~/.ssh/known_hosts. */
    knownHostsFile: filePathSchema.nullable(),
  })
  .strict();
export type SshTunnelSettings = z.infer<typeof sshTunnelSettingsSchema>;

/** What `tunnel.saveSettings` takes. Saving does not start anything; `tunnel.start` does. */
export const tunnelSettingsInputSchema = z
  .object({
    provider: z.enum(tunnelProviders),
    ngrok: ngrokSettingsSchema.optional(),
    ssh: sshTunnelSettingsSchema.nullable().optional(),
  })
  .strict();
export type TunnelSettingsInput = z.input<typeof tunnelSettingsInputSchema>;

/** The tunnel settings as the UI sees them. The ngrok authtoken itself never leaves the keychain. */
export const tunnelSettingsSchema = z.object({
  provider: z.enum(tunnelProviders),
  /** Start the tunnel with the app (set by `tunnel.start`, cleared by `tunnel.stop`). */
  enabled: z.boolean(),
  ngrok: ngrokSettingsSchema.extend({
    /** An authtoken is in the keychain. */
    authtokenStored: z.boolean(),
    /** SIGNDOCK_NGROK_AUTHTOKEN is set for this run (it wins over the keychain). */
    authtokenFromEnvironment: z.boolean(),
  }),
  ssh: sshTunnelSettingsSchema
    .extend({
      /** The server key the user confirmed (pinned); null: checked against known_hosts only. */
      pinnedFingerprint: hostKeyFingerprintSchema.nullable(),
    })
    .nullable(),
});
export type TunnelSettings = z.infer<typeof tunnelSettingsSchema>;

/** A tunnel problem: `code` is a catalog key (`errors.<code>`, words in English and Spanish); `message` is the English text. */
export const tunnelProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TunnelProblem = z.infer<typeof tunnelProblemSchema>;

/** The tunnel now: pushed as `tunnel.changed` on every change. */
export const tunnelStatusSchema = z.object({
  provider: z.enum(tunnelProviders),
  state: z.enum(tunnelStates),
  /** The tunnel's public base URL while running (`https://…`, no path). */
  publicBaseUrl: z.string().nullable(),
  /** While running: the notification URL to paste in the service's console (API > Webhooks) for the selected account. Contains the secret path. */
  hookUrl: z.string().nullable(),
  /** When the current connection came up (ISO). */
  runningSince: z.string().nullable(),
  /** The last problem, kept while reconnecting or failed (null once running again). */
  error: tunnelProblemSchema.nullable(),
  /** While reconnecting: when the next attempt is made (ISO). */
  nextRetryAt: z.string().nullable(),
  /** Failed attempts in a row. */
  attempts: z.number().int(),
  /** needsHostKeyConfirmation (and a changed key): the key the server presented. */
  hostKey: z.object({ host: z.string(), port: z.number().int(), keyType: z.string(), fingerprint: z.string() }).nullable(),
  /** Whether notifications are arriving: the last one stored for the selected account, and how many the listener took since the app started. */
  notifications: z.object({ lastReceivedAt: z.string().nullable(), receivedThisRun: z.number().int() }),
});
export type TunnelStatus = z.infer<typeof tunnelStatusSchema>;
