import { z } from 'zod';
import { defineOperation } from './operation';
import { actionOperations } from './action-operations';
import { evidenceOperations } from './evidence-operations';
import { contactOperations } from './contact-operations';
import { serviceIdSchema } from './action-inputs';
import { activityOperations } from './activity-operations';
import { tunnelOperations } from './tunnel-operations';
import { teamOperations } from './team-operations';
import {
  attentionSettingsSchema,
  dashboardSchema,
  documentFilterSchema,
  documentOriginSchema,
  documentSchema,
  documentSelectionSchema,
  documentSortSchema,
  listedDocumentSchema,
  signatureSchema,
  statusCountsSchema,
  timelineEntrySchema,
} from '../domain/documents';
import { documentQuerySchema, syncStatusSchema } from '../domain/sync';
import { inboxPageSchema, inboxStates, webhookSettingsSchema, webhookStateSchema } from '../domain/webhooks';
import { settingsPatchSchema, settingsSchema } from '../domain/settings';
import { batchSchema, batchSummarySchema, itemPatchSchema, maxConcurrency, signerPresetSchema } from '../domain/batches';
import { signerSchema } from '../domain/signers';
import { accountNameSchema, accountSchema, accountsStateSchema, apiKeySchema, baseUrlSchema, keyCheckSchema } from '../domain/accounts';

const none = z.object({}).strict();
const accountRef = z.object({ accountId: z.string().min(1) }).strict();
const batchId = z.string().min(1).max(100);
const batchRef = z.object({ batchId }).strict();
const itemIds = z.array(z.string().min(1).max(100)).min(1).max(5000);

export const hostKinds = ['electron', 'web', 'cli'] as const;
export type HostKind = (typeof hostKinds)[number];

/**
 * Every operation the UI (or the CLI) can ask the host for. The host validates each call's input
 * against its schema before any service runs; outputs are validated before they leave the host.
 */
export const operations = {
  'app.info': defineOperation({
    summary: 'Version, host kind and data folder.',
    input: none,
    output: z.object({
      name: z.string(),
      version: z.string(),
      hostKind: z.enum(hostKinds),
      dataFolder: z.string(),
      platform: z.string(),
      sandboxAvailable: z.boolean(),
      /** The archive this host was started to review (`--archive`), read-only; null otherwise. */
      reviewArchive: z.string().nullable().optional(),
    }),
  }),
  'settings.get': defineOperation({ summary: 'Current settings.', input: none, output: settingsSchema }),
  'settings.update': defineOperation({ summary: 'Change some settings.', input: settingsPatchSchema, output: settingsSchema }),
  'accounts.list': defineOperation({ summary: 'Accounts and the selected one.', input: none, output: accountsStateSchema }),
  'accounts.add': defineOperation({
    summary: 'Check an API key against the service, then store the account (key in the OS keychain).',
    input: z.object({ name: accountNameSchema, baseUrl: baseUrlSchema, apiKey: apiKeySchema }).strict(),
    output: accountSchema,
  }),
  'accounts.test': defineOperation({
    summary: 'Check a stored account, or a key not yet stored, against GET /api/v2/documents.',
    input: z.union([accountRef, z.object({ baseUrl: baseUrlSchema, apiKey: apiKeySchema }).strict()]),
    output: keyCheckSchema,
  }),
  'accounts.update': defineOperation({
    summary: 'Rename an account, change its address, or replace its API key (a new key is checked first).',
    input: z
      .object({
        accountId: z.string().min(1),
        name: accountNameSchema.optional(),
        baseUrl: baseUrlSchema.optional(),
        apiKey: apiKeySchema.optional(),
      })
      .strict(),
    output: accountSchema,
  }),
  'accounts.remove': defineOperation({
    summary: 'Forget an account and delete its key from the keychain.',
    input: accountRef,
    output: accountsStateSchema,
  }),
  'accounts.select': defineOperation({ summary: 'Make an account the current one.', input: accountRef, output: accountsStateSchema }),
  'sandbox.start': defineOperation({
    summary: 'Start the local sandbox with demo data and add (or reuse) its demo account.',
    input: none,
    output: accountSchema,
  }),
  'sync.status': defineOperation({ summary: 'Where the mirror of the selected account stands.', input: none, output: syncStatusSchema }),
  'sync.now': defineOperation({
    summary: 'Start a full sync of the selected account (follows every page of the list).',
    input: none,
    output: syncStatusSchema,
  }),
  'documents.list': defineOperation({
    summary: 'A page of the mirror: filtered by status, searched by title or signer, sorted.',
    input: documentQuerySchema,
    output: z.object({ total: z.number().int(), documents: z.array(documentSchema.omit({ raw: true })) }),
  }),
  'documents.get': defineOperation({
    summary: 'One document from the mirror, with its signatures and the raw JSON last read.',
    input: z.object({ documentId: serviceIdSchema }).strict(),
    output: documentSchema.extend({ readAt: z.string().nullable() }),
  }),
  'webhooks.state': defineOperation({ summary: 'The webhook listener and the URL to paste.', input: none, output: webhookStateSchema }),
  'webhooks.configure': defineOperation({
    summary: 'Set the public address, port or webhook secret of the listener.',
    input: webhookSettingsSchema,
    output: webhookStateSchema,
  }),
  'webhooks.rotateToken': defineOperation({
    summary: 'Make a new secret path for notifications; the old one stops working.',
    input: none,
    output: webhookStateSchema,
  }),
  'inbox.list': defineOperation({
    summary: 'Notifications received, with counts and each raw body.',
    input: z
      .object({
        state: z.enum(inboxStates).optional(),
        limit: z.number().int().min(1).max(500).default(50),
        offset: z.number().int().min(0).default(0),
      })
      .strict(),
    output: inboxPageSchema,
  }),
  'batches.current': defineOperation({
    summary: 'The batch being prepared or sent in the app for the selected account, or null.',
    input: none,
    output: batchSchema.nullable(),
  }),
  'batches.create': defineOperation({
    summary: 'Start a new, empty batch (draft) for the selected account.',
    input: none,
    output: batchSchema,
  }),
  'batches.get': defineOperation({ summary: 'A batch with its items.', input: batchRef, output: batchSchema }),
  'batches.list': defineOperation({
    summary: 'Recent batches of the selected account, newest first.',
    input: z.object({ limit: z.number().int().min(1).max(200).default(20) }).strict(),
    output: z.array(batchSummarySchema),
  }),
  'batches.addFiles': defineOperation({
    summary: 'Add dropped or picked files and folders to a draft batch; PDFs become rows and are checked in the background.',
    input: z.object({ batchId, paths: z.array(z.string().min(1).max(4096)).min(1).max(5000) }).strict(),
    output: batchSchema,
  }),
  'batches.updateItems': defineOperation({
    summary: 'Change the title, signers or exclusion of some rows of a draft batch ("apply to selected/all").',
    input: z.object({ batchId, itemIds, patch: itemPatchSchema }).strict(),
    output: batchSchema,
  }),
  'batches.removeItems': defineOperation({
    summary: 'Take rows out of a draft batch.',
    input: z.object({ batchId, itemIds }).strict(),
    output: batchSchema,
  }),
  'batches.importManifest': defineOperation({
    summary: 'Read a manifest CSV (a path, or the file itself) and apply its titles and signers to the rows it names.',
    input: z.union([
      z.object({ batchId, path: z.string().min(1).max(4096) }).strict(),
      z.object({ batchId, fileName: z.string().min(1).max(255), contentBase64: z.string().max(7_000_000) }).strict(),
    ]),
    output: batchSchema,
  }),
  'batches.manifestTemplate': defineOperation({
    summary:
      'A manifest template (CSV) naming the rows of a batch, or an example when no batch is given; column names in English or Spanish.',
    input: z.object({ batchId: batchId.optional(), language: z.enum(['en', 'es']).optional() }).strict(),
    output: z.object({ fileName: z.string(), text: z.string() }),
  }),
  'batches.send': defineOperation({
    summary: 'Send the clean rows of a draft batch: written to the queue first, then sent in the background.',
    input: z.object({ batchId, concurrency: z.number().int().min(1).max(maxConcurrency).optional() }).strict(),
    output: batchSummarySchema,
  }),
  'batches.pause': defineOperation({
    summary: 'Stop taking new rows; rows in flight finish.',
    input: batchRef,
    output: batchSummarySchema,
  }),
  'batches.resume': defineOperation({ summary: 'Continue a paused or interrupted batch.', input: batchRef, output: batchSummarySchema }),
  'batches.cancel': defineOperation({
    summary: 'Send nothing more from this batch; rows not yet sent are marked cancelled.',
    input: batchRef,
    output: batchSummarySchema,
  }),
  'batches.retryFailed': defineOperation({
    summary: 'Queue again the rows the service refused or that could not be sent (not rows with file or signer problems).',
    input: batchRef,
    output: batchSummarySchema,
  }),
  'batches.preview': defineOperation({
    summary: "The bytes of a row's PDF (base64, at most 20 MB) for its thumbnail; null when larger or unreadable.",
    input: z.object({ batchId, itemId: z.string().min(1).max(100) }).strict(),
    output: z.object({ dataBase64: z.string().nullable() }),
  }),
  'batches.exportResults': defineOperation({
    summary: "The results of a batch as CSV: file, title, state, document id, error, and each signer's link.",
    input: batchRef,
    output: z.object({ fileName: z.string(), text: z.string() }),
  }),
  'presets.list': defineOperation({ summary: 'Saved signer presets.', input: none, output: z.array(signerPresetSchema) }),
  'presets.save': defineOperation({
    summary: 'Save (or replace, by name) a signer preset.',
    input: z.object({ name: z.string().trim().min(1).max(80), signers: z.array(signerSchema).min(1).max(20) }).strict(),
    output: z.array(signerPresetSchema),
  }),
  'presets.remove': defineOperation({
    summary: 'Delete a signer preset.',
    input: z.object({ presetId: z.string().min(1).max(100) }).strict(),
    output: z.array(signerPresetSchema),
  }),
  'documents.query': defineOperation({
    summary:
      'A page of the Documents table: filtered, searched, sorted by any column, paged by cursor; with counts by status following the filter.',
    input: z
      .object({
        filter: documentFilterSchema.default({}),
        sort: documentSortSchema.default({ column: 'created', direction: 'desc' }),
        limit: z.number().int().min(1).max(200).default(50),
        after: z.string().max(1000).optional(),
        before: z.string().max(1000).optional(),
      })
      .strict(),
    output: z.object({
      documents: z.array(listedDocumentSchema),
      total: z.number().int(),
      counts: statusCountsSchema,
      first: z.string().nullable(),
      last: z.string().nullable(),
      hasBefore: z.boolean(),
      hasAfter: z.boolean(),
    }),
  }),
  'documents.dashboard': defineOperation({
    summary: 'Counts by status, a chart of documents sent, completed and cancelled, and what needs attention, from the mirror.',
    input: z
      .object({
        filter: documentFilterSchema.default({}),
        period: z
          .object({
            from: z.number().int().nonnegative(),
            to: z.number().int().nonnegative(),
            bucket: z.enum(['day', 'week']),
            utcOffsetMinutes: z.number().int().min(-900).max(900),
          })
          .strict(),
      })
      .strict(),
    output: dashboardSchema,
  }),
  'documents.detail': defineOperation({
    summary: 'One document from the mirror with where SignDock sent it from and its timeline.',
    input: z.object({ documentId: serviceIdSchema }).strict(),
    output: z.object({
      document: documentSchema.extend({ readAt: z.string(), changedAt: z.string().nullable(), origin: documentOriginSchema.nullable() }),
      timeline: z.array(timelineEntrySchema),
    }),
  }),
  'documents.signature': defineOperation({
    summary: 'One signature read now from the service (GET /api/v2/signatures/{id}): signing date, IP address, device.',
    input: z.object({ signatureId: serviceIdSchema }).strict(),
    output: signatureSchema,
  }),
  'documents.export': defineOperation({
    summary: 'The filtered view or a selection as CSV, one line per document or per signature.',
    input: z
      .object({
        selection: documentSelectionSchema,
        sort: documentSortSchema.default({ column: 'created', direction: 'desc' }),
        per: z.enum(['document', 'signature']).default('document'),
      })
      .strict(),
    output: z.object({ fileName: z.string(), text: z.string(), rows: z.number().int() }),
  }),
  'documents.selectionIds': defineOperation({
    summary: 'The ids of the documents a selection names (a filter with exceptions, or a list), for an action on them.',
    input: z.object({ selection: documentSelectionSchema }).strict(),
    output: z.object({ ids: z.array(z.string()) }),
  }),
  'documents.attention': defineOperation({
    summary: 'Change after how many days a pending document or an unopened invitation needs attention.',
    input: attentionSettingsSchema.partial().strict(),
    output: attentionSettingsSchema,
  }),
  ...actionOperations,
  ...evidenceOperations,
  ...contactOperations,
  ...activityOperations,
  ...tunnelOperations,
  ...teamOperations,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OperationInput<N extends OperationName> = z.input<Operations[N]['input']>;
export type OperationParsedInput<N extends OperationName> = z.output<Operations[N]['input']>;
export type OperationOutput<N extends OperationName> = z.output<Operations[N]['output']>;

export const operationNames = Object.keys(operations) as OperationName[];

export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(operations, value);
}
