import { z } from 'zod';

/**
 * The team store (issue 32) as Settings → Team and the Send page's banner see it: the connection a
 * clerk saves (never its password: that goes to the OS keychain and is only ever said to be stored),
 * what this run uses (SIGNDOCK_TEAM_URL wins over the saved one), the outcome of a test, whether the
 * store can be reached now (with the next attempt), and the members and computers it has seen.
 */

/** libpq's sslmode words offered in Settings (allow and prefer are for URLs only: the driver cannot fall back). */
export const teamSslModes = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
export type TeamSslMode = (typeof teamSslModes)[number];

const name = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\s/?#@]+$/, 'No spaces nor / ? # @.');

/** What Settings → Team saves (in this computer's settings), without the password. */
export const teamFieldsSchema = z
  .object({
    host: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.:_-]+$/, 'A host name or an IP address.'),
    port: z.number().int().min(1).max(65535),
    database: name(63),
    login: name(63),
    sslMode: z.enum(teamSslModes),
    /** The CA certificate (PEM) that vouches for the server (verify-ca, verify-full; require checks it when given). */
    caPem: z.string().max(200_000).nullable(),
    /** This computer's name in the team; null: the host name. */
    computerName: z.string().trim().min(1).max(63).nullable(),
  })
  .strict();
export type TeamFields = z.infer<typeof teamFieldsSchema>;

/** A password typed in Settings: it goes to the keychain (or is only used for a test), never back. */
export const teamPasswordSchema = z.string().min(1).max(1000);

/** Settings → Team: the saved connection, whether its password is kept, what this run uses. */
export const teamSettingsSchema = z.object({
  /** Where this run's team store comes from: the environment (read-only here), the saved settings, or none (alone). */
  source: z.enum(['environment', 'settings', 'none']),
  /** SIGNDOCK_TEAM_URL as people see it (no password), when set. */
  environment: z.object({ store: z.string(), login: z.string(), sslMode: z.string() }).nullable(),
  saved: teamFieldsSchema.extend({ caSubject: z.string().nullable() }).nullable(),
  passwordStored: z.boolean(),
  /** This computer: its name in the team, whether SIGNDOCK_COMPUTER_NAME set it, the host name (the default). */
  computer: z.object({ name: z.string(), fromEnvironment: z.boolean(), hostName: z.string() }),
  /** The store this run is connected to (host:port/database), or null with no team. */
  running: z.string().nullable(),
  /** The saved connection or name differs from what this run uses: SignDock uses it from its next start. */
  restartNeeded: z.boolean(),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

/** A successful Test connection. */
export const teamTestSchema = z.object({
  store: z.string(),
  member: z.string(),
  computer: z.string(),
  schemaVersion: z.number().int(),
});
export type TeamTest = z.infer<typeof teamTestSchema>;

/** Whether the team store can be used now; the Send page's banner shows `unreachable`. */
export const teamStateSchema = z.object({
  state: z.enum(['none', 'connecting', 'connected', 'unreachable']),
  store: z.string().nullable(),
  login: z.string().nullable(),
  /** The problem in words (`code` for the catalog, `message` the core's English), kept while unreachable. */
  problem: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** While unreachable: when the next attempt is made (ISO). */
  nextTryAt: z.string().nullable(),
  /** Failed attempts in a row. */
  attempts: z.number().int().nonnegative(),
});
export type TeamState = z.infer<typeof teamStateSchema>;

/** `team status`: the members and computers the store has seen. */
export const teamMembersSchema = z.object({
  store: z.string(),
  member: z.string(),
  computer: z.string(),
  schemaVersion: z.number().int(),
  members: z.array(z.string()),
  computers: z.array(z.object({ computer: z.string(), member: z.string(), lastSeen: z.string() })),
});
