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
  /** True when this account's key is in a keychain that could not be reached (none on this machine, locked): not that the key is gone. */
  keychainUnreachable: z.boolean().optional(),
  /** Set for the local sandbox demo account. */
  demo: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountNameSchema = z.string().trim().min(1, 'Give the account a name.').max(80, 'Keep the name under 80 characters.');

/** True for an address on this computer (localhost, 127.0.0.0/8, ::1): the only place plain http is allowed. */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

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
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:' || isLoopbackUrl(value);
    } catch {
      return true; // reported by the check above
    }
  }, 'The service address must start with https:// (plain http:// only for this computer, such as http://127.0.0.1:8080): the API key travels with every request.')
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
  z.object({
    ok: z.literal(true),
    status: z.number().int(),
    /** The key works but this computer's keychain cannot keep it, so adding the account would be refused (said at Test). */
    keychain: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['unauthorized', 'network', 'server', 'busy', 'unexpected']),
    status: z.number().int().optional(),
    message: z.string(),
    /** Catalog key (`errors.<code>`) and its values, when the failure has a specific explanation. */
    code: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
]);
export type KeyCheck = z.infer<typeof keyCheckSchema>;
