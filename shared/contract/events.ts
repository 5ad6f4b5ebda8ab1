import { z } from 'zod';
import { settingsSchema } from '../domain/settings';
import { accountsStateSchema } from '../domain/accounts';
import { syncStatusSchema } from '../domain/sync';
import { batchItemSchema, batchSummarySchema } from '../domain/batches';
import { inboxStatsSchema, tunnelStatusSchema, webhookStateSchema } from '../domain/webhooks';
import { jobViewSchema } from '../domain/jobs';
import { noticeSchema } from '../domain/notices';
import { recheckResultSchema } from '../domain/evidence';
import { teamStateSchema } from '../domain/team';

/** Every event the host pushes to the UI. */
export const events = {
  'settings.changed': settingsSchema,
  'accounts.changed': accountsStateSchema,
  /** A key check waits to try again: the service is busy (429) or answered 502/503/504 or cut the connection. */
  'accounts.keyCheckRetry': z.object({ seconds: z.number().int().nonnegative(), throttled: z.boolean() }),
  'sync.changed': syncStatusSchema,
  'documents.changed': z.object({ accountId: z.string(), documentIds: z.array(z.string()) }),
  'inbox.changed': inboxStatsSchema,
  'webhooks.changed': webhookStateSchema,
  /** The built-in tunnel moved (state, address, problem, next retry, notifications arriving). */
  'tunnel.changed': tunnelStatusSchema,
  /** A batch moved: its summary and the rows that changed since the last event (at most ~10 per second). */
  'batches.changed': z.object({ batch: batchSummarySchema, items: z.array(batchItemSchema) }),
  /** A job (bulk action) moved: its state and counts (at most ~5 per second per job). */
  'jobs.changed': jobViewSchema,
  /** The archive was re-hashed against its manifests (scheduled or asked for): what was found. */
  'evidence.rechecked': recheckResultSchema,
  /** The team store became reachable or unreachable, or its next attempt moved (issue 32). */
  'team.changed': teamStateSchema,
  /** Something worth a desktop or browser notification (grouped; only the kinds the settings turn on). */
  notices: noticeSchema,
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(events, value);
}

/** What travels on the wire for one event. */
export interface EventMessage<E extends EventName = EventName> {
  event: E;
  payload: EventPayload<E>;
}
