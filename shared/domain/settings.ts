import { z } from 'zod';
import { tsaUrlSchema } from './timestamp';

export const languages = ['system', 'en', 'es'] as const;
export const themes = ['system', 'light', 'dark'] as const;

/** Desktop (app) and browser (web UI) notifications, each on or off; grouped so a burst makes one. */
export const notificationSettingsSchema = z.object({
  batchDone: z.boolean(),
  completed: z.boolean(),
  rejected: z.boolean(),
});

/** Automatic reminders of one account: every N days for signers still pending, at most M times. */
export const autoRemindSchema = z.object({
  enabled: z.boolean(),
  everyDays: z.number().int().min(1).max(60),
  maxTimes: z.number().int().min(1).max(10),
});
export type AutoRemind = z.infer<typeof autoRemindSchema>;
export const defaultAutoRemind: AutoRemind = { enabled: false, everyDays: 3, maxTimes: 3 };

/** A certificate authority that vouches for time-stamping authorities: its PEM, and (filled by the core) its subject and SHA-256 fingerprint. */
export const tsaAnchorSchema = z.object({
  /** Checked as a certificate by the core when saved (a clear error naming the anchor otherwise). */
  pem: z.string().min(1).max(20_000),
  subject: z.string().max(2000),
  fingerprint: z.string().max(200),
});
export type TsaAnchor = z.infer<typeof tsaAnchorSchema>;

/** Trusted timestamps (RFC 3161): the time-stamping authority asked for a token over each bag (none by default) and the CAs that vouch for it. */
export const timestampSettingsSchema = z.object({
  tsaUrl: tsaUrlSchema.nullable(),
  tsaAnchors: z.array(tsaAnchorSchema).max(20),
});
export type TimestampSettings = z.infer<typeof timestampSettingsSchema>;

export const settingsSchema = z.object({
  language: z.enum(languages),
  theme: z.enum(themes),
  notifications: notificationSettingsSchema,
  /** By account id; an account not listed has automatic reminders off. */
  autoRemind: z.record(z.string(), autoRemindSchema),
  timestamps: timestampSettingsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  language: 'system',
  theme: 'system',
  notifications: { batchDone: true, completed: true, rejected: true },
  autoRemind: {},
  timestamps: { tsaUrl: null, tsaAnchors: [] },
};

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
