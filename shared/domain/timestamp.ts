import { z } from 'zod';

/**
 * A bag's trusted timestamp (RFC 3161), as every surface reports it beside the bag's verdict:
 * `passed` (every token verifies over the bytes it covers), `failed` (one does not: which, and why),
 * `none` (no token, and no time-stamping authority is configured: "not timestamped"), `not-yet` (no
 * token, though a TSA is configured: it could not be reached, a later re-check adds one). Whether the
 * TSA is vouched for (`trusted`: its certificate chains to a TSA anchor the user added) is apart.
 */
export const timestampStates = ['passed', 'failed', 'none', 'not-yet'] as const;

export const timestampCheckSchema = z.object({
  state: z.enum(timestampStates),
  /** When the TSA says the tag manifest existed (the first token's genTime, ISO). */
  time: z.string().nullable(),
  /** The newest renewal's time, when the chain has more than one token. */
  renewedAt: z.string().nullable(),
  /** The TSA's name (its certificate's subject common name). */
  tsa: z.string().nullable(),
  trusted: z.boolean(),
  /** Tokens in the chain: the first over the tag manifest, each renewal over it and the token before. */
  tokens: z.number().int(),
  /** The first problem found, in words (empty when passed). */
  detail: z.string(),
  /** Re-timestamp soon: the TSA certificate expires within 90 days, or a weak hash algorithm. */
  warnings: z.array(z.string()),
});
export type TimestampCheck = z.infer<typeof timestampCheckSchema>;

/** A TSA address: http or https, nothing else. */
export const tsaUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'A TSA address starts with http:// or https://.');
