import { z } from 'zod';
import { defineOperation } from './operation';
import { hostKeyFingerprintSchema, tunnelSettingsInputSchema, tunnelSettingsSchema, tunnelStatusSchema } from '../domain/webhooks';

const none = z.object({}).strict();

/**
 * The built-in tunnel (Settings → Notifications): ngrok or the organisation's SSH server in front of
 * the webhook listener. Every change is also pushed as the `tunnel.changed` event.
 */
export const tunnelOperations = {
  'tunnel.settings': defineOperation({
    summary: 'The tunnel settings: provider, ngrok domain and whether an authtoken is stored, the SSH server.',
    input: none,
    output: tunnelSettingsSchema,
  }),
  'tunnel.saveSettings': defineOperation({
    summary:
      'Save the tunnel provider and its details (a running tunnel restarts with them). A new SSH server or port forgets the confirmed host key.',
    input: tunnelSettingsInputSchema,
    output: tunnelSettingsSchema,
  }),
  'tunnel.storeAuthtoken': defineOperation({
    summary: 'Keep the ngrok authtoken in the OS keychain (write-only: it is never read back to the UI).',
    input: z
      .object({
        authtoken: z
          .string()
          .trim()
          .min(20, 'An ngrok authtoken is a long string of letters and digits.')
          .max(200)
          .regex(/^[A-Za-z0-9_-]+$/, 'An ngrok authtoken has only letters, digits, _ and -.'),
      })
      .strict(),
    output: tunnelSettingsSchema,
  }),
  'tunnel.forgetAuthtoken': defineOperation({
    summary: 'Delete the ngrok authtoken from the OS keychain (a running ngrok tunnel stops).',
    input: none,
    output: tunnelSettingsSchema,
  }),
  'tunnel.start': defineOperation({
    summary:
      'Open the tunnel with the saved settings, and open it with the app from now on. Answers at once (state starting); follow tunnel.changed.',
    input: none,
    output: tunnelStatusSchema,
  }),
  'tunnel.stop': defineOperation({
    summary: 'Close the tunnel and do not open it with the app any more.',
    input: none,
    output: tunnelStatusSchema,
  }),
  'tunnel.status': defineOperation({
    summary:
      'The tunnel now: state, the notification URL to paste when running, the last problem in words, the next retry, whether notifications arrive.',
    input: none,
    output: tunnelStatusSchema,
  }),
  'tunnel.confirmHostKey': defineOperation({
    summary:
      'Trust the SSH server key shown in the status (first contact) and connect; a fingerprint other than the one presented is refused.',
    input: z.object({ fingerprint: hostKeyFingerprintSchema }).strict(),
    output: tunnelStatusSchema,
  }),
} as const;
