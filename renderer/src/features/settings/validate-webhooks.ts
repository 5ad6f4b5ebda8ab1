import { webhookSettingsSchema, type WebhookSettings, type WebhookState } from '../../../../shared';
import type { Catalog } from '../../i18n/en';

export type WebhookField = 'publicBaseUrl' | 'port' | 'hmacSecret';
export type WebhookValues = Record<WebhookField, string>;
export type WebhookProblem = keyof Catalog['settings']['webhooks']['errors'];
export type WebhookProblems = Partial<Record<WebhookField, WebhookProblem>>;

export const webhookFields: readonly WebhookField[] = ['publicBaseUrl', 'port', 'hmacSecret'];

/** The form's starting values: what the host has now (a secret is never shown, only typed anew). */
export function valuesOf(state: WebhookState): WebhookValues {
  return { publicBaseUrl: state.publicBaseUrl ?? '', port: state.port === null ? '' : String(state.port), hmacSecret: '' };
}

/**
 * The change to send: only fields that differ from what the host has (an empty address clears it;
 * an empty secret field leaves the secret as it is). The shared schema decides what is valid; this
 * only picks the catalog wording for each field's first problem.
 */
export function webhookPatch(values: WebhookValues, state: WebhookState): { patch: WebhookSettings; problems: WebhookProblems } {
  const patch: WebhookSettings = {};
  const problems: WebhookProblems = {};
  const address = values.publicBaseUrl.trim();
  if (address !== (state.publicBaseUrl ?? '')) patch.publicBaseUrl = address === '' ? null : address;
  const port = values.port.trim();
  if (port !== (state.port === null ? '' : String(state.port))) {
    if (/^\d{1,5}$/.test(port)) patch.port = Number(port);
    else problems.port = 'portInvalid';
  }
  if (values.hmacSecret !== '') patch.hmacSecret = values.hmacSecret;

  const checked = webhookSettingsSchema.safeParse(patch);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if (field === 'publicBaseUrl') problems.publicBaseUrl ??= issue.code === 'too_big' ? 'publicBaseUrlTooLong' : 'publicBaseUrlInvalid';
      else if (field === 'port') problems.port ??= 'portInvalid';
      else if (field === 'hmacSecret') problems.hmacSecret ??= issue.code === 'too_big' ? 'secretTooLong' : 'secretTooShort';
    }
  }
  return { patch, problems };
}
