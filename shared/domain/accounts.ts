import { z } from 'zod';

export const DEFAULT_BASE_URL = 'https://connect.signatura.co';

/** An account as the renderer sees it. The API key never crosses the boundary outwards. */
export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  createdAt: z.string(),
  /** True when the keychain holds a key for this account. */
  hasKey: z.boolean(),
  /** Set for the local sandbox demo account. */
  demo: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountNameSchema = z.string().trim().min(1, 'Give the account a name.').max(80, 'Keep the name under 80 characters.');

export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, 'Give the service address.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'The service address must be a web address such as https://connect.signatura.co.')
  .transform((value) => value.replace(/\/+$/, ''));

export const apiKeySchema = z
  .string()
  .trim()
  .min(1, 'Paste the API key.')
  .max(4096, 'That API key is too long.')
  .refine((value) => !/\s/.test(value), 'An API key has no spaces or line breaks.');

export const accountsStateSchema = z.object({
  accounts: z.array(accountSchema),
  selectedId: z.string().nullable(),
});
export type AccountsState = z.infer<typeof accountsStateSchema>;

/** Outcome of checking a key against `GET /api/v2/documents`. */
export const keyCheckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), status: z.number().int() }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['unauthorized', 'network', 'server', 'unexpected']),
    status: z.number().int().optional(),
    message: z.string(),
    /** Catalog key (`errors.<code>`) and its values, when the failure has a specific explanation. */
    code: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
]);
export type KeyCheck = z.infer<typeof keyCheckSchema>;
