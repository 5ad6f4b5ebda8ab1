import { z } from 'zod';
import { defineOperation } from './operation';
import { contactSchema } from '../domain/contacts';

/** The address book of the selected account (signer names kept on this computer). */
export const contactOperations = {
  'contacts.list': defineOperation({
    summary: 'The names the clerk gave signers of the selected account, most recently used first.',
    input: z.object({}).strict(),
    output: z.array(contactSchema),
  }),
  'contacts.remember': defineOperation({
    summary:
      'Remember names for e-mail addresses or phones of the selected account (the latest name of an address wins); the search finds documents by them at once.',
    input: z.object({ contacts: z.array(contactSchema).min(1).max(500) }).strict(),
    output: z.object({ remembered: z.number().int(), documents: z.number().int() }),
  }),
} as const;
