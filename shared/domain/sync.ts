import { z } from 'zod';

/** Where the mirror of the selected account stands against the service. */
export const syncStatusSchema = z.object({
  accountId: z.string().nullable(),
  state: z.enum(['idle', 'syncing', 'error', 'no-account']),
  /** While a full sync runs: pages and documents read so far (`total` when the service says). */
  progress: z.object({ pages: z.number().int(), documents: z.number().int(), total: z.number().int().nullable() }).nullable(),
  lastFullSync: z
    .object({
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      documents: z.number().int(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** Documents in the mirror, by status code (open set). */
  counts: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  /** Documents not yet final (draft or pending) that are re-read on a schedule. */
  watching: z.number().int(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const documentSortKeys = ['created', 'title', 'status'] as const;

export const documentQuerySchema = z
  .object({
    status: z.string().max(8).optional(),
    search: z.string().max(200).optional(),
    sort: z.enum(documentSortKeys).default('created'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
