import { z } from 'zod';

export const languages = ['system', 'en', 'es'] as const;
export const themes = ['system', 'light', 'dark'] as const;

export const settingsSchema = z.object({
  language: z.enum(languages),
  theme: z.enum(themes),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = { language: 'system', theme: 'system' };

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
