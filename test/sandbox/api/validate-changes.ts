import type { ValidationMap } from '../core/types';
import type { Invalidation } from '../core/workflow';
import type { Checked } from './validate-create';
import { FieldErrors, isPlainObject, messages } from './validation-errors';
import { channelTargetsField, inviteChannelField, isEmail, isPhone, stringField, validationsField } from './validate-fields';

// The service's own limit, kept here apart from SignDock's rule (shared/domain/action-bounds.ts) so tests check one against the other.
const MAX_CANCEL_REASON = 254;

/** The body of `PATCH /documents/{id}/cancel`: an optional `cancel_reason` of at most 254 characters. */
export function validateCancel(body: unknown): Checked<{ reason: string | null }> {
  const errors = new FieldErrors();
  if (body === undefined) return { ok: true, value: { reason: null } };
  if (!isPlainObject(body)) {
    errors.add(['non_field_errors'], messages.notObject(body));
    return { ok: false, errors };
  }
  const reason = stringField(errors, body, 'cancel_reason', { required: false, maxLength: MAX_CANCEL_REASON, allowNull: true });
  if (!errors.empty) return { ok: false, errors };
  return { ok: true, value: { reason: reason ?? null } };
}

/** The body of `PATCH /signatures/{id}/invalidate`. `original` is the signature being replaced:
 * without new validations or a new signer the replacement keeps its validations. */
export function validateInvalidate(body: unknown, original: ValidationMap): Checked<Invalidation> {
  const errors = new FieldErrors();
  if (!isPlainObject(body)) {
    errors.add(['non_field_errors'], messages.notObject(body ?? null));
    return { ok: false, errors };
  }
  const reason = stringField(errors, body, 'invalidation_reason', { required: true });
  let notify: boolean | undefined;
  if (body.notify === undefined) errors.add(['notify'], messages.required);
  else if (typeof body.notify !== 'boolean') errors.add(['notify'], messages.notBoolean);
  else notify = body.notify;

  const newSigner = stringField(errors, body, 'new_signer', { required: false, allowNull: true });
  if (newSigner !== undefined && !isEmail(newSigner) && !isPhone(newSigner)) {
    errors.add(['new_signer'], 'Enter a valid e-mail address or phone number.');
  }

  let custom: Invalidation['custom'];
  const raw = body.custom_signature;
  if (raw !== undefined && raw !== null) {
    if (!isPlainObject(raw)) {
      errors.add(['custom_signature', 'non_field_errors'], messages.notObject(raw));
    } else {
      custom = {};
      if (raw.validations !== undefined) {
        const validations = validationsField(errors, ['custom_signature', 'validations'], raw.validations);
        if (validations) custom.validations = validations;
      }
      if (raw.invite_channel !== undefined) {
        const channels = inviteChannelField(errors, ['custom_signature', 'invite_channel'], raw.invite_channel);
        if (channels) custom.inviteChannel = channels;
      }
      const message = stringField(errors, raw, 'message', { required: false, allowNull: true });
      if (message !== undefined) custom.message = message;
      // Merge the input for the channel check as the workflow will (new signer over the new validations).
      const values: Record<string, string | null> = {};
      const base =
        custom.validations ??
        (newSigner === undefined ? Object.fromEntries(Object.entries(original).map(([code, state]) => [code, state.value])) : {});
      Object.assign(values, base);
      if (newSigner !== undefined) values[newSigner.includes('@') ? 'EM' : 'PH'] = newSigner;
      if (errors.empty && custom.inviteChannel)
        channelTargetsField(errors, ['custom_signature', 'invite_channel'], custom.inviteChannel, values);
    }
  }

  if (!errors.empty || reason === undefined || notify === undefined) return { ok: false, errors };
  const value: Invalidation = { reason, notify };
  if (newSigner !== undefined) value.newSigner = newSigner;
  if (custom !== undefined) value.custom = custom;
  return { ok: true, value };
}
