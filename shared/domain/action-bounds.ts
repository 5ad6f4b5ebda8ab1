import { isE164Phone, isEmailAddress, validateSigner, type Signer, type SignerInvite } from './signers';

/**
 * The bounds of what the document actions send to the service, one rule each, shared by the contract
 * (web host and desktop app) and the CLI so that all of them refuse the same input before a job exists.
 *
 * - A cancel reason: at most 254 characters (the service's limit, service-api.md §8).
 * - An invalidation reason: at most 254 characters too (the interface gives no limit; the service stores
 *   it beside the cancel reason, so SignDock keeps to the one limit it states).
 * - A replacement's invitation message: at most 1,000 characters (the interface gives no limit).
 * - A new signer (`new_signer`, `replace-signer --to`): an e-mail address (at most 254 characters,
 *   the Send page's rule) or a phone number in E.164 (`+5491123456789`).
 * - A replacement's validations: the Send page's signer rules (signers.ts).
 */
export const CANCEL_REASON_MAX = 254;
export const INVALIDATION_REASON_MAX = 254;
export const INVITATION_MESSAGE_MAX = 1000;
export const CONTACT_MAX = 254;
/** The longest value of a validation (an e-mail address is the longest kind). */
export const VALIDATION_VALUE_MAX = 254;

/** "At most N characters (this one has M)." when `text` is longer than `max`; null otherwise. */
export function tooLong(text: string, max: number): string | null {
  return text.length > max
    ? `At most ${max.toLocaleString('en-US')} characters (this one has ${text.length.toLocaleString('en-US')}).`
    : null;
}

/**
 * A new signer as typed, tidied like the Send page tidies a phone (blanks, dashes, dots and brackets
 * dropped: `+54 9 11 2345-6789` is `+5491123456789`); an e-mail address is only trimmed.
 */
export function normalizeContact(value: string): string {
  const trimmed = value.trim();
  const phone = trimmed.replace(/[\s\-.()]/g, '');
  return trimmed.startsWith('+') && isE164Phone(phone) ? phone : trimmed;
}

/** Why `value` cannot be a new signer (an e-mail address or an E.164 phone, once tidied); null when it can. */
export function contactProblem(value: string): string | null {
  const long = tooLong(value, CONTACT_MAX);
  if (long) return `${long} A new signer is an e-mail address or a phone number.`;
  const contact = normalizeContact(value);
  if (contact === '') return 'Give the new signer’s e-mail address or phone number.';
  if (isEmailAddress(contact) || isE164Phone(contact)) return null;
  return `“${contact}” is neither an e-mail address nor a phone number in international form (+ and the country code, e.g. +5491123456789).`;
}

/** A replacement signature's checks and channel, as the invalidate action takes them. */
export interface CustomSignatureInput {
  validations?: Partial<Record<'EM' | 'AF', string>> & Partial<Record<'PH' | 'BI', string | null>>;
  inviteChannel?: SignerInvite[];
}

/** The problems of a replacement's validations and channel by the Send page's signer rules, each with where it is. */
export function customSignatureProblems(custom: CustomSignatureInput): { path: string[]; message: string }[] {
  const validations = custom.validations ?? {};
  const long = Object.entries(validations).flatMap(([code, value]) => {
    const problem = typeof value === 'string' ? tooLong(value, VALIDATION_VALUE_MAX) : null;
    return problem ? [{ path: ['validations', code], message: problem }] : [];
  });
  if (long.length > 0) return long;
  if (custom.validations === undefined) return [];
  const signer: Signer = { validations, invite: custom.inviteChannel ?? [] };
  return validateSigner(signer).map((problem) => ({
    path: problem.field === 'signer' ? ['validations'] : problem.field === 'invite' ? ['inviteChannel'] : ['validations', problem.field],
    message: problem.message,
  }));
}
