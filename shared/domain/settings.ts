import { z } from 'zod';

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

export const settingsSchema = z.object({
  language: z.enum(languages),
  theme: z.enum(themes),
  notifications: notificationSettingsSchema,
  /** By account id; an account not listed has automatic reminders off. */
  autoRemind: z.record(z.string(), autoRemindSchema),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  language: 'system',
  theme: 'system',
  notifications: { batchDone: true, completed: true, rejected: true },
  autoRemind: {},
};

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
