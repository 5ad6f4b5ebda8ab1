import { z } from 'zod';

/**
 * The account's address book, kept by SignDock on this computer (in its database): the names the
 * clerk gave signers, each with the e-mail or phone it goes with. The service takes no names; these
 * are never sent. Shown wherever a signer appears and found by the Documents search.
 */
export const contactSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    email: z.string().trim().min(1).max(254).optional(),
    phone: z.string().trim().min(1).max(40).optional(),
  })
  .strict()
  .refine((contact) => contact.email !== undefined || contact.phone !== undefined, {
    message: 'A name goes with an e-mail address or a phone number.',
  });
export type Contact = z.infer<typeof contactSchema>;

/** How an address is matched: an e-mail in lower case, a phone by its digits (and a leading +). */
export function addressKeys(contact: { email?: string | null | undefined; phone?: string | null | undefined }): string[] {
  const keys: string[] = [];
  const email = contact.email?.trim().toLowerCase();
  if (email) keys.push(`e:${email}`);
  const phone = contact.phone?.replace(/[^\d+]/g, '');
  if (phone && /\d/.test(phone)) keys.push(`p:${phone}`);
  return keys;
}
