import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { ProgressNote } from '../../components/progress-note';
import { TextField } from '../../components/text-field';
import { useErrorText } from '../../lib/use-error-text';
import { KeyCheckNotice } from './key-check-notice';
import { useAccountForm } from './use-account-form';
import type { AccountField } from './validate-account';

interface AccountFormProps {
  onSaved(account: Account): void;
  onCancel?(): void;
}

/** The one form for adding an account: onboarding and Settings → Add account both use it. */
export function AccountForm({ onSaved, onCancel }: AccountFormProps) {
  const { t } = useTranslation();
  const { fieldText } = useErrorText();
  const form = useAccountForm(onSaved);
  const [showKey, setShowKey] = useState(false);
  const apiKeyId = useId();
  const inputs = useRef<Partial<Record<AccountField, HTMLInputElement | null>>>({});

  const message = (field: AccountField): string | null => {
    const problem = form.problems[field];
    return problem ? t(`accountForm.errors.${problem}`) : fieldText(form.error, field);
  };
  const hostErrorOnField = (['name', 'baseUrl', 'apiKey'] as const).some((field) => fieldText(form.error, field) !== null);
  const focusField = (field: AccountField | null) => {
    if (field) inputs.current[field]?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save().then(focusField);
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} data-testid="account-form">
      <TextField
        label={t('accountForm.name')}
        hint={t('accountForm.nameHint')}
        error={message('name')}
        name="name"
        autoComplete="off"
        value={form.values.name}
        onChange={(event) => form.change('name', event.target.value)}
        inputRef={(element) => {
          inputs.current.name = element;
        }}
      />
      <TextField
        label={t('accountForm.baseUrl')}
        hint={t('accountForm.baseUrlHint')}
        error={message('baseUrl')}
        name="baseUrl"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={form.values.baseUrl}
        onChange={(event) => form.change('baseUrl', event.target.value)}
        inputRef={(element) => {
          inputs.current.baseUrl = element;
        }}
      />
      <TextField
        label={t('accountForm.apiKey')}
        hint={t('accountForm.apiKeyHint')}
        error={message('apiKey')}
        id={apiKeyId}
        name="apiKey"
        type={showKey ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        value={form.values.apiKey}
        onChange={(event) => form.change('apiKey', event.target.value)}
        inputRef={(element) => {
          inputs.current.apiKey = element;
        }}
        trailing={
          <button type="button" className="field-toggle" aria-controls={apiKeyId} onClick={() => setShowKey((shown) => !shown)}>
            {showKey ? t('accountForm.hideKey') : t('accountForm.showKey')}
          </button>
        }
      />
      <div className="form-status" role="status" aria-live="polite" data-testid="account-form-status">
        {form.phase !== 'idle' && form.retrySeconds !== null ? (
          <ProgressNote text={t('keyCheck.retrying', { seconds: form.retrySeconds })} />
        ) : form.phase === 'testing' ? (
          <ProgressNote text={t('accountForm.testingStatus')} />
        ) : form.phase === 'saving' ? (
          <ProgressNote text={t('accountForm.savingStatus')} />
        ) : null}
        {form.check ? <KeyCheckNotice check={form.check} /> : null}
        {form.error && !hostErrorOnField ? <ErrorNotice error={form.error} /> : null}
      </div>
      <div className="form-actions">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={form.phase === 'saving'}>
            {t('accountForm.cancel')}
          </Button>
        ) : null}
        <span className="form-actions-spacer" />
        <Button
          busy={form.phase === 'testing'}
          disabled={form.phase === 'saving'}
          onClick={() => void form.test().then(focusField)}
          data-testid="account-test"
        >
          {form.phase === 'testing' ? t('accountForm.testing') : t('accountForm.test')}
        </Button>
        <Button
          type="submit"
          variant="primary"
          busy={form.phase === 'saving'}
          disabled={form.phase === 'testing'}
          data-testid="account-save"
        >
          {form.phase === 'saving' ? t('accountForm.saving') : t('accountForm.save')}
        </Button>
      </div>
    </form>
  );
}
