import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tunnelProviders, type TunnelSettings, type TunnelStatus } from '../../../../shared';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { selectSelectedAccount, useAccountsStore } from '../../stores/accounts-store';
import { LoadProblem } from '../../components/load-problem';
import { pollingMinutes, useTunnelStatus } from '../../lib/use-tunnel-status';
import { HostKeyConfirm } from './host-key-confirm';
import { NgrokFields } from './ngrok-fields';
import { SshFields } from './ssh-fields';
import { takeTunnelFocus } from '../../stores/tunnel-focus';
import { TunnelStatusView } from './tunnel-status';
import { useTunnelForm } from './use-tunnel-form';
import { useTunnelSettings } from './use-tunnel-settings';
import type { TunnelField, TunnelFieldBinder } from './tunnel-values';
import './tunnel.css';

/**
 * Settings → Notifications, first card: the built-in tunnel as one flow for a clerk — where it stands
 * (the address to paste, arrivals, problems in words), then the choice — no tunnel, ngrok or the
 * organisation's SSH server — with what each needs, and Start / Stop.
 */
export function TunnelSection() {
  const { t } = useTranslation();
  const account = useAccountsStore(selectSelectedAccount);
  if (!account) return null;
  return (
    <SectionCard title={t('tunnel.title')} description={t('tunnel.intro')} testId="settings-tunnel">
      <TunnelPanel key={account.id} accountId={account.id} />
    </SectionCard>
  );
}

function TunnelPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const settings = useTunnelSettings();
  const status = useTunnelStatus(accountId);
  const problem = settings.error ?? status.error;
  const panel = useRef<HTMLDivElement>(null);
  const ready = settings.data !== null && status.data !== null;
  // Opened from the Activity page: the card comes into view with the provider choice focused.
  useEffect(() => {
    if (!ready || !takeTunnelFocus()) return;
    (panel.current?.closest('section') ?? panel.current)?.scrollIntoView({ block: 'start' });
    panel.current?.querySelector<HTMLInputElement>('input[name="tunnel-provider"]:checked')?.focus();
  }, [ready]);
  return (
    <div className="tunnel" data-testid="tunnel-panel" ref={panel}>
      {settings.data && status.data ? (
        <TunnelBody settings={settings.data} status={status.data} onSettings={settings.apply} trackStatus={status.track} />
      ) : problem ? (
        <LoadProblem error={problem} onRetry={() => (settings.error ? settings.reload() : status.reload())} />
      ) : (
        <ProgressNote text={t('settings.webhooks.loading')} />
      )}
    </div>
  );
}

function TunnelBody({
  settings,
  status,
  onSettings,
  trackStatus,
}: {
  settings: TunnelSettings;
  status: TunnelStatus;
  onSettings(settings: TunnelSettings): void;
  trackStatus(): (status: TunnelStatus) => void;
}) {
  const { t } = useTranslation();
  const form = useTunnelForm(settings, onSettings, trackStatus);
  const inputs = useRef(new Map<TunnelField, HTMLInputElement>());
  const { values } = form;
  const active = status.state !== 'off' && status.state !== 'failed';
  // Enter in a field does what the main button does: Start when it is shown, else Save.
  const canStart = !active && values.provider !== 'none';

  const bind: TunnelFieldBinder = (field) => ({
    name: field,
    value: values[field],
    error: form.problems[field] ? t(`tunnel.errors.${form.problems[field]}`) : null,
    onChange: (event) => form.change(field, event.target.value),
    inputRef: (element) => {
      if (element) inputs.current.set(field, element);
      else inputs.current.delete(field);
    },
  });
  const focusProblem = (field: TunnelField | null | undefined) => {
    if (field) inputs.current.get(field)?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (canStart ? form.start : form.save).run().then(focusProblem);
  };
  const actionError = form.save.error ?? form.start.error ?? form.stop.error;

  return (
    <>
      <TunnelStatusView status={status} reservedDomain={settings.ngrok.domain !== null} />
      {status.state === 'needsHostKeyConfirmation' && status.hostKey ? (
        <HostKeyConfirm
          hostKey={status.hostKey}
          trusting={form.trust.pending}
          cancelling={form.stop.pending}
          error={form.trust.error}
          onTrust={() => void form.trust.run(status.hostKey!.fingerprint)}
          onCancel={() => void form.stop.run()}
        />
      ) : null}
      <form className="tunnel-form" noValidate onSubmit={submit} data-testid="tunnel-form">
        <fieldset className="tunnel-provider">
          <legend className="field-label">{t('tunnel.providerLabel')}</legend>
          <div className="segmented">
            {tunnelProviders.map((provider) => (
              <label key={provider} className="segment">
                <input
                  type="radio"
                  name="tunnel-provider"
                  value={provider}
                  checked={values.provider === provider}
                  onChange={() => form.change('provider', provider)}
                  data-testid={`tunnel-provider-${provider}`}
                />
                <span>{t(`tunnel.providers.${provider}`)}</span>
              </label>
            ))}
          </div>
          <p className="fact-hint">{t(`tunnel.providerHints.${values.provider}`, { minutes: pollingMinutes })}</p>
        </fieldset>
        {values.provider === 'ngrok' ? <NgrokFields settings={settings} bind={bind} forget={form.forget} /> : null}
        {values.provider === 'ssh' ? (
          <SshFields
            values={values}
            bind={bind}
            onAuth={(auth) => form.change('auth', auth)}
            onKeyFile={(path) => form.change('identityFile', path)}
          />
        ) : null}
        <div className="form-status" role="status" aria-live="polite">
          {form.start.pending ? <ProgressNote text={t('tunnel.startingStatus')} /> : null}
          {form.saved ? (
            <Notice tone="success" testId="tunnel-saved">
              <p>{t('tunnel.saved')}</p>
            </Notice>
          ) : null}
          {actionError ? <ErrorNotice error={actionError} testId="tunnel-action-error" /> : null}
        </div>
        <div className="form-actions">
          <span className="form-actions-spacer" />
          <Button busy={form.save.pending} onClick={() => void form.save.run().then(focusProblem)} data-testid="tunnel-save">
            {form.save.pending ? t('tunnel.saving') : t('tunnel.save')}
          </Button>
          {active ? (
            <Button variant="danger" busy={form.stop.pending} onClick={() => void form.stop.run()} data-testid="tunnel-stop">
              {form.stop.pending ? t('tunnel.stopping') : t('tunnel.stop')}
            </Button>
          ) : canStart ? (
            <Button type="submit" variant="primary" busy={form.start.pending} data-testid="tunnel-start">
              {form.start.pending ? t('tunnel.starting') : t('tunnel.start')}
            </Button>
          ) : null}
        </div>
      </form>
    </>
  );
}
