import { z } from 'zod';
import { defineOperation } from './operation';
import { settingsPatchSchema, settingsSchema } from '../domain/settings';
import {
  accountNameSchema,
  accountSchema,
  accountsStateSchema,
  apiKeySchema,
  baseUrlSchema,
  keyCheckSchema,
} from '../domain/accounts';

const none = z.object({}).strict();
const accountRef = z.object({ accountId: z.string().min(1) }).strict();

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
      .object({ accountId: z.string().min(1), name: accountNameSchema.optional(), baseUrl: baseUrlSchema.optional(), apiKey: apiKeySchema.optional() })
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
