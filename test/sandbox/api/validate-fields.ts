import type { InviteChannel, ValidationCode } from '../core/types';
import { inviteChannels, validationCodes } from '../core/types';
import type { FieldErrors } from './validation-errors';
import { isPlainObject, messages } from './validation-errors';

/** Field checks shared by the create and invalidate bodies. */

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[0-9][0-9 ()-]{5,19}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value);
}

export function isPhone(value: string): boolean {
  return phonePattern.test(value);
}

/** A required (or optional) non-blank string field. Returns the value when valid. */
export function stringField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  options: { required: boolean; maxLength?: number; allowNull?: boolean },
): string | undefined {
  const value = body[field];
  if (value === undefined) {
    if (options.required) errors.add([field], messages.required);
    return undefined;
  }
  if (value === null) {
    if (!options.allowNull) errors.add([field], messages.notNull);
    return undefined;
  }
  if (typeof value !== 'string') {
    errors.add([field], messages.notString);
    return undefined;
  }
  if (options.required && value.trim() === '') {
    errors.add([field], messages.blank);
    return undefined;
  }
  if (options.maxLength !== undefined && value.length > options.maxLength) {
    errors.add([field], messages.maxLength(options.maxLength));
    return undefined;
  }
  return value;
}

/** `validations`: keys EM, PH, BI, AF; EM an e-mail address; PH and BI null or string; AF string. */
export function validationsField(
  errors: FieldErrors,
  path: (string | number)[],
  value: unknown,
): Partial<Record<ValidationCode, string | null>> | undefined {
  if (!isPlainObject(value)) {
    errors.add(path, value === null ? messages.notNull : messages.notDict(value));
    return undefined;
  }
  const result: Partial<Record<ValidationCode, string | null>> = {};
  let valid = true;
  for (const [key, entry] of Object.entries(value)) {
    if (!(validationCodes as readonly string[]).includes(key)) {
      errors.add(path, `"${key}" is not a valid validation code. Use EM, PH, BI or AF.`);
      valid = false;
      continue;
    }
    const code = key as ValidationCode;
    const nullable = code === 'PH' || code === 'BI';
    if (entry === null && nullable) {
      result[code] = null;
    } else if (typeof entry !== 'string') {
      errors.add(
        path,
        `${code}: ${nullable ? 'expected a string or null' : 'expected a string'}, got ${entry === null ? 'null' : typeof entry}.`,
      );
      valid = false;
    } else if (code === 'EM' && !isEmail(entry)) {
      errors.add(path, `EM: ${messages.invalidEmail}`);
      valid = false;
    } else if (entry.trim() === '') {
      errors.add(path, `${code}: ${messages.blank}`);
      valid = false;
    } else {
      result[code] = entry;
    }
  }
  return valid ? result : undefined;
}

/** `invite_channel`: a list of EM and PH. Errors on items are keyed by index. */
export function inviteChannelField(errors: FieldErrors, path: (string | number)[], value: unknown): InviteChannel[] | undefined {
  if (!Array.isArray(value)) {
    errors.add(path, value === null ? messages.notNull : messages.notList(value));
    return undefined;
  }
  const result: InviteChannel[] = [];
  let valid = true;
  value.forEach((item: unknown, index) => {
    if (typeof item === 'string' && (inviteChannels as readonly string[]).includes(item)) {
      if (!result.includes(item as InviteChannel)) result.push(item as InviteChannel);
    } else {
      errors.add([...path, index], messages.invalidChoice(item));
      valid = false;
    }
  });
  return valid ? result : undefined;
}

/** A channel needs somewhere to send to: EM an address under EM, PH a number under PH. */
export function channelTargetsField(
  errors: FieldErrors,
  path: (string | number)[],
  channels: InviteChannel[],
  validations: Partial<Record<ValidationCode, string | null>>,
): boolean {
  let valid = true;
  if (channels.includes('EM') && typeof validations.EM !== 'string') {
    errors.add(path, "An e-mail invitation (EM) needs the signer's e-mail address under validations.EM.");
    valid = false;
  }
  if (channels.includes('PH') && typeof validations.PH !== 'string') {
    errors.add(path, "An SMS invitation (PH) needs the signer's phone number under validations.PH.");
    valid = false;
  }
  return valid;
}
