import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookState } from '../../../../shared';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { TextField } from '../../components/text-field';
import { useErrorText } from '../../lib/use-error-text';
import { SecretField } from './secret-field';
import { SecretStatus } from './secret-status';
import { useWebhookForm } from './use-webhook-form';
import type { WebhookField } from './validate-webhooks';

/**
 * Public address, port and webhook secret of the listener, saved together. While the built-in tunnel
 * gives the public address (`tunnelAddress`), the field shows it read-only.
 */
export function WebhookForm({
  state,
  onStored,
  tunnelAddress = false,
}: {
  state: WebhookState;
  onStored(state: WebhookState): void;
  tunnelAddress?: boolean;
}) {
  const { t } = useTranslation();
  const { fieldText } = useErrorText();
  const form = useWebhookForm(state, onStored);
  const publicBaseUrlRef = useRef<HTMLInputElement>(null);
  const portRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);

  const message = (field: WebhookField): string | null => {
    const problem = form.problems[field];
    return problem ? t(`settings.webhooks.errors.${problem}`) : fieldText(form.error, field);
  };
  const hostErrorOnField = (['publicBaseUrl', 'port', 'hmacSecret'] as const).some((field) => fieldText(form.error, field) !== null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save().then((field) => {
      const refs = { publicBaseUrl: publicBaseUrlRef, port: portRef, hmacSecret: secretRef };
      if (field) refs[field].current?.focus();
    });
  };
  const bind = (field: WebhookField) => ({
    name: field,
    value: form.values[field],
    error: message(field),
    onChange: (event: { target: { value: string } }) => form.change(field, event.target.value),
  });

  return (
    <form className="webhook-form" noValidate onSubmit={submit} data-testid="webhook-form">
      <TextField
        label={t('settings.webhooks.publicBaseUrl')}
        hint={tunnelAddress ? t('settings.webhooks.publicBaseUrlTunnel') : t('settings.webhooks.publicBaseUrlHint')}
        readOnly={tunnelAddress}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        inputRef={publicBaseUrlRef}
        {...bind('publicBaseUrl')}
      />
      <div className="webhook-port">
        <TextField
          label={t('settings.webhooks.port')}
          hint={t('settings.webhooks.portHint')}
          inputMode="numeric"
          autoComplete="off"
          inputRef={portRef}
          {...bind('port')}
        />
      </div>
      <div className="webhook-secret">
        <SecretField
          label={t('settings.webhooks.secret')}
          hint={t('settings.webhooks.secretHint')}
          placeholder={state.hmacConfigured ? t('settings.webhooks.secretPlaceholderSet') : undefined}
          showLabel={t('settings.webhooks.showSecret')}
          hideLabel={t('settings.webhooks.hideSecret')}
          inputRef={secretRef}
          {...bind('hmacSecret')}
        />
        <SecretStatus configured={state.hmacConfigured} onStored={onStored} />
      </div>
      <div className="form-status" role="status" aria-live="polite" data-testid="webhook-form-status">
        {form.saving ? <ProgressNote text={t('settings.webhooks.savingStatus')} /> : null}
        {form.outcome === 'saved' ? (
          <Notice tone="success" testId="webhook-saved">
            <p>{t('settings.webhooks.saved')}</p>
          </Notice>
        ) : null}
        {form.outcome === 'nothing' ? (
          <Notice tone="info">
            <p>{t('settings.webhooks.nothingToSave')}</p>
          </Notice>
        ) : null}
        {form.error && !hostErrorOnField ? <ErrorNotice error={form.error} /> : null}
      </div>
      <div className="form-actions">
        <span className="form-actions-spacer" />
        <Button type="submit" variant="primary" busy={form.saving} data-testid="webhook-save">
          {form.saving ? t('settings.webhooks.saving') : t('settings.webhooks.save')}
        </Button>
      </div>
    </form>
  );
}
