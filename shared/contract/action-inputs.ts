import { z } from 'zod';
import {
  CANCEL_REASON_MAX,
  contactProblem,
  customSignatureProblems,
  INVALIDATION_REASON_MAX,
  INVITATION_MESSAGE_MAX,
  normalizeContact,
  tooLong,
} from '../domain/action-bounds';
import { serviceIdProblem } from '../domain/service-ids';
import { signerInvites } from '../domain/signers';

/**
 * The inputs of the document actions, bounded and shaped before anything is planned or sent (the rules
 * themselves live in shared/domain/service-ids.ts and action-bounds.ts, which the CLI uses too).
 */

/** Adds one issue per problem a rule finds (a rule checks length first, so no message quotes a huge value). */
const rule = (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const found = problem(value);
  if (found) ctx.addIssue({ code: 'custom', message: found });
};

/** A document or signature id as the service hands them out: one path segment, never `.`, `..`, `/` or `%`. */
export const serviceIdSchema = z.string().superRefine(rule(serviceIdProblem));
export const serviceIdsSchema = z.array(serviceIdSchema).min(1).max(5000);

/** At most `CANCEL_REASON_MAX` characters (the service's limit); the host refuses more before anything is sent. */
export const cancelReasonSchema = z.string().superRefine(rule((text) => tooLong(text, CANCEL_REASON_MAX)));

export const invalidationReasonSchema = z
  .string()
  .superRefine(rule((text) => tooLong(text, INVALIDATION_REASON_MAX)))
  .transform((text) => text.trim())
  .superRefine(rule((text) => (text === '' ? 'Say why.' : null)));

/** An e-mail address or an E.164 phone number (a new signer). */
export const contactSchema = z.string().superRefine(rule(contactProblem)).transform(normalizeContact);

const customSignatureSchema = z
  .object({
    validations: z
      .strictObject({
        EM: z.string().optional(),
        PH: z.string().nullable().optional(),
        BI: z.string().nullable().optional(),
        AF: z.string().optional(),
      })
      .optional(),
    message: z
      .string()
      .superRefine(rule((text) => tooLong(text, INVITATION_MESSAGE_MAX)))
      .optional(),
    inviteChannel: z.array(z.enum(signerInvites)).max(2).optional(),
  })
  .strict()
  .superRefine((custom, ctx) => {
    for (const problem of customSignatureProblems(custom)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

/** What `signatures.invalidate` takes: a reason, whether to tell the signer, and an optional replacement. */
export const invalidationInputSchema = z
  .object({
    reason: invalidationReasonSchema,
    notify: z.boolean(),
    newSigner: contactSchema.optional(),
    customSignature: customSignatureSchema.optional(),
  })
  .strict();
