import { z } from 'zod';
import type { NewSignature } from './documents';

/**
 * A signer of a new document, as SignDock's forms, the CLI and the manifest describe one: the
 * validations the signer must pass (service-api.md §2.2) and how the signer is invited.
 *
 * - `EM` e-mail address · `PH` phone in E.164 (`+5491123456789`), or null for "any phone" ·
 *   `BI` identity document as `CC:digits` (`AR:12345678`), or null · `AF` tax ID, digits only.
 *   A code that is absent is not required.
 * - `invite`: `['EM']` e-mail, `['PH']` SMS, both, or `[]` = no message, a signing link to hand over.
 *
 * The CLI's SPEC form: `EM=ana@example.com,PH;invite=EM` (a bare code means null; see parseSignerSpec).
 */

export const signerCodes = ['EM', 'PH', 'BI', 'AF'] as const;
export type SignerCode = (typeof signerCodes)[number];
export const signerInvites = ['EM', 'PH'] as const;
export type SignerInvite = (typeof signerInvites)[number];

/** Shape only; `validSignerSchema` also checks meaning (formats, invitation needs). */
export const signerSchema = z.object({
  validations: z.strictObject({
    EM: z.string().optional(),
    PH: z.string().nullable().optional(),
    BI: z.string().nullable().optional(),
    AF: z.string().optional(),
  }),
  invite: z.array(z.enum(signerInvites)).max(2),
  /**
   * What the clerk calls the signer ("Ana García"): kept by SignDock only (the service takes no name),
   * shown wherever the signer appears; never sent.
   */
  name: z.string().max(120).optional(),
});
export type Signer = z.infer<typeof signerSchema>;

/** Where a problem is: a validation code, the invitation, or the signer as a whole. */
export type SignerField = SignerCode | 'invite' | 'signer';

export interface SignerProblem {
  field: SignerField;
  /** Catalog key (`signer.emailInvalid`, `signer.spec.unknownCode`, …). */
  code: string;
  /** Plain English sentence. */
  message: string;
  params?: Record<string, string>;
  /** SPEC parsing only: the part of the text at fault, as written. */
  part?: string;
}

export const validSignerSchema = signerSchema.superRefine((signer, ctx) => {
  for (const problem of validateSigner(signer)) {
    const path = problem.field === 'signer' ? [] : problem.field === 'invite' ? ['invite'] : ['validations', problem.field];
    ctx.addIssue({ code: 'custom', path, message: problem.message, params: { code: problem.code } });
  }
});

const emailPattern =
  /^(?=.{3,254}$)[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}$/u;
const phonePattern = /^\+[1-9]\d{7,14}$/;
const documentPattern = /^[A-Z]{2}:\d{1,20}$/;
const taxIdPattern = /^\d{1,20}$/;

export const isEmailAddress = (value: string): boolean => emailPattern.test(value);
export const isE164Phone = (value: string): boolean => phonePattern.test(value);

/** Problems of one signer, in plain words; an empty list means the signer can be sent. */
export function validateSigner(signer: Signer): SignerProblem[] {
  const problems: SignerProblem[] = [];
  const { EM, PH, BI, AF } = signer.validations;
  const add = (field: SignerField, code: string, message: string, params?: Record<string, string>) =>
    problems.push(params ? { field, code, message, params } : { field, code, message });

  if (EM !== undefined && !isEmailAddress(EM)) {
    add('EM', 'signer.emailInvalid', `“${EM}” is not a valid e-mail address.`, { value: EM });
  }
  if (PH !== undefined && PH !== null && !isE164Phone(PH)) {
    add(
      'PH',
      'signer.phoneInvalid',
      `“${PH}” is not a phone number in international form: write + and the country code, 8 to 15 digits in all (e.g. +5491123456789).`,
      { value: PH },
    );
  }
  if (BI !== undefined && BI !== null && !documentPattern.test(BI)) {
    add(
      'BI',
      'signer.idDocumentInvalid',
      `“${BI}” is not an identity document: write the two-letter country, a colon and the number in digits (e.g. AR:12345678).`,
      { value: BI },
    );
  }
  if (AF !== undefined && !taxIdPattern.test(AF)) {
    add('AF', 'signer.taxIdInvalid', `“${AF}” is not a tax ID: use digits only (e.g. 20123456789).`, { value: AF });
  }
  if (signer.invite.includes('EM') && EM === undefined) {
    add('invite', 'signer.emailInviteNeedsEmail', 'An e-mail invitation needs the signer’s e-mail address.');
  }
  if (signer.invite.includes('PH') && (PH === undefined || PH === null)) {
    add(
      'invite',
      'signer.smsInviteNeedsPhone',
      'An SMS invitation needs the signer’s phone number; “any phone” is not enough to send a message.',
    );
  }
  if (new Set(signer.invite).size !== signer.invite.length) {
    add('invite', 'signer.inviteRepeated', 'The invitation names the same channel twice.');
  }
  if (!signerCodes.some((code) => signer.validations[code] !== undefined)) {
    add('signer', 'signer.noValidation', 'Say how the signer is identified: at least one of e-mail, phone, identity document or tax ID.');
  }
  return problems;
}

/**
 * Tidies what people type: trims, drops spaces, dashes, dots and brackets inside phone numbers,
 * tax IDs and document numbers, upper-cases the document's country, and orders the invitation.
 * Values it cannot tidy are left for `validateSigner` to report.
 */
export function normalizeSigner(signer: Signer): Signer {
  const { EM, PH, BI, AF } = signer.validations;
  const validations: Signer['validations'] = {};
  if (EM !== undefined) validations.EM = EM.trim();
  if (PH !== undefined) validations.PH = PH === null ? null : PH.replace(/[\s\-.()]/g, '');
  if (BI !== undefined) validations.BI = BI === null ? null : normalizeDocument(BI);
  if (AF !== undefined) validations.AF = AF.replace(/[\s\-./]/g, '');
  const invite = signerInvites.filter((channel) => signer.invite.includes(channel));
  const name = signer.name?.replace(/\s+/g, ' ').trim();
  return name ? { validations, invite, name } : { validations, invite };
}

function normalizeDocument(value: string): string {
  const match = /^\s*([A-Za-z]{2})\s*:\s*(.*?)\s*$/.exec(value);
  return match ? `${match[1]!.toUpperCase()}:${match[2]!.replace(/[\s.-]/g, '')}` : value.trim();
}

/** Who signs, in a word: the e-mail, else the phone, else the identity document, else the tax ID; '' when none is given. */
export function signerLabel(signer: Signer | undefined): string {
  const asked = signer?.validations;
  return asked?.EM || asked?.PH || asked?.BI || asked?.AF || '';
}

/** The service's creation entry for a valid signer (validations in EM, PH, BI, AF order). */
export function toNewSignature(signer: Signer): NewSignature {
  const validations: Record<string, string | null> = {};
  for (const code of signerCodes) {
    const value = signer.validations[code];
    if (value !== undefined) validations[code] = value;
  }
  const invite = signerInvites.filter((channel) => signer.invite.includes(channel));
  return invite.length > 0 ? { validations, inviteChannel: invite } : { validations };
}

export type SignerSpecResult = { ok: true; signer: Signer } | { ok: false; problems: SignerProblem[] };

const inviteWords: Record<string, SignerInvite[]> = {
  EM: ['EM'],
  PH: ['PH'],
  'EM+PH': ['EM', 'PH'],
  'PH+EM': ['EM', 'PH'],
  LINK: [],
  NONE: [],
};

/**
 * Parses a SPEC: `CODE=value` pairs separated by commas (a bare `PH` or `BI` means null: any
 * phone, any document), then optionally `;invite=EM`, `;invite=PH` or `;invite=EM+PH`.
 * Values are tidied (normalizeSigner) and checked (validateSigner); every problem names its part.
 */
export function parseSignerSpec(spec: string): SignerSpecResult {
  const problems: SignerProblem[] = [];
  const fail = (field: SignerField, part: string, code: string, message: string, params?: Record<string, string>) =>
    problems.push({ field, part, code, message, ...(params ? { params } : {}) });
  const [pairsText = '', ...options] = spec.split(';');
  const raw: Signer = { validations: {}, invite: [] };
  const partOf: Partial<Record<SignerField, string>> = {};

  if (pairsText.trim() === '') {
    fail(
      'signer',
      spec.trim(),
      'signer.spec.empty',
      'The signer is empty: give at least one validation, e.g. EM=ana@example.com or PH=+5491123456789.',
    );
  }
  for (const rawPart of pairsText.trim() === '' ? [] : pairsText.split(',')) {
    const part = rawPart.trim();
    const eq = part.indexOf('=');
    const code = (eq < 0 ? part : part.slice(0, eq)).trim().toUpperCase();
    const value = eq < 0 ? null : part.slice(eq + 1).trim();
    if (part === '') {
      fail('signer', part, 'signer.spec.emptyPart', `“${spec.trim()}” has an empty part between commas.`);
    } else if (!(signerCodes as readonly string[]).includes(code)) {
      fail(
        'signer',
        part,
        'signer.spec.unknownCode',
        `“${part}”: “${code}” is not a validation code; use EM (e-mail), PH (phone), BI (identity document) or AF (tax ID).`,
        { part, code },
      );
    } else if (partOf[code as SignerCode] !== undefined) {
      fail(code as SignerCode, part, 'signer.spec.repeatedCode', `“${part}”: ${code} is given twice.`, { part, code });
    } else if (value === '' || (value === null && (code === 'EM' || code === 'AF'))) {
      const example = code === 'EM' ? 'EM=ana@example.com' : code === 'AF' ? 'AF=20123456789' : `${code}=…`;
      fail(code as SignerCode, part, 'signer.spec.valueNeeded', `“${part}”: ${code} needs a value, e.g. ${example}.`, { part, code });
    } else {
      partOf[code as SignerCode] = part;
      (raw.validations as Record<string, string | null>)[code] = value;
    }
  }
  for (const rawOption of options) {
    const option = rawOption.trim();
    const match = /^invite\s*=\s*(.*)$/i.exec(option);
    const channels = match ? inviteWords[match[1]!.replace(/\s/g, '').toUpperCase()] : undefined;
    if (!match) {
      fail(
        'invite',
        option,
        'signer.spec.unknownOption',
        `“${option}” is not understood after “;”: only invite=EM, invite=PH or invite=EM+PH may follow.`,
        { part: option },
      );
    } else if (!channels) {
      fail(
        'invite',
        option,
        'signer.spec.badInvite',
        `“${option}”: the invitation must be EM (e-mail), PH (SMS) or EM+PH (both); leave it out for a signing link.`,
        { part: option },
      );
    } else if (partOf.invite !== undefined) {
      fail('invite', option, 'signer.spec.repeatedInvite', `“${option}”: the invitation is given twice.`, { part: option });
    } else {
      partOf.invite = option;
      raw.invite = channels;
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const signer = normalizeSigner(raw);
  const meaning = validateSigner(signer).map((problem) => {
    const part = partOf[problem.field];
    return part === undefined ? problem : { ...problem, part, message: `“${part}”: ${lowerFirst(problem.message)}` };
  });
  return meaning.length > 0 ? { ok: false, problems: meaning } : { ok: true, signer };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The SPEC of a signer, the reverse of `parseSignerSpec` (`EM=ana@example.com,PH;invite=EM`). */
export function formatSignerSpec(signer: Signer): string {
  const pairs: string[] = [];
  for (const code of signerCodes) {
    const value = signer.validations[code];
    if (value === null) pairs.push(code);
    else if (value !== undefined) pairs.push(`${code}=${value}`);
  }
  const invite = signerInvites.filter((channel) => signer.invite.includes(channel));
  return invite.length > 0 ? `${pairs.join(',')};invite=${invite.join('+')}` : pairs.join(',');
}
