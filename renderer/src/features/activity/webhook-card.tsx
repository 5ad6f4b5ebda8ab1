import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookState } from '../../../../shared';
import { Button } from '../../components/button';
import { CopyValue } from '../../components/copy-value';
import { SettingsIcon } from '../../components/icons';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { Tag } from '../../components/tag';
import { TechnicalDetails } from '../../components/technical-details';
import { useNavigationStore } from '../../stores/navigation-store';
import { LoadProblem } from './load-problem';
import { useWebhookState } from './use-activity-data';

/** The webhook listener: listening or not, the address to paste in the service's console. Live on `webhooks.changed`. */
export function WebhookCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const hooks = useWebhookState(accountId);
  const state = hooks.data;
  return (
    <SectionCard
      title={t('activity.webhook.title')}
      description={t('activity.webhook.description')}
      testId="webhook-card"
      actions={
        state ? (
          <span role="status" data-testid="listener-state" data-listening={state.listening}>
            <Tag tone={state.listening ? 'success' : 'danger'}>{state.listening ? t('activity.webhook.listening') : t('activity.webhook.notListening')}</Tag>
          </span>
        ) : null
      }
    >
      <div className="activity-card-body">
        {hooks.loading && !hooks.error ? <ProgressNote text={t('activity.webhook.loading')} /> : null}
        {hooks.error ? <LoadProblem error={hooks.error} onRetry={hooks.reload} /> : null}
        {state ? <WebhookDetails state={state} /> : null}
      </div>
    </SectionCard>
  );
}

function WebhookDetails({ state }: { state: WebhookState }) {
  const { t } = useTranslation();
  const go = useNavigationStore((store) => store.go);
  const urlLabelId = useId();
  const failed = t('activity.webhook.failed');
  return (
    <>
      {state.error !== null || !state.listening ? (
        <Notice tone="danger" testId="listener-error">
          <p>{failed}</p>
          <TechnicalDetails text={state.error} shown={failed} />
        </Notice>
      ) : null}
      <div className="copy-field">
        <p className="copy-field-label" id={urlLabelId}>
          {t('activity.webhook.hookUrl')}
        </p>
        {state.hookUrl ? (
          <CopyValue
            value={state.hookUrl}
            label={t('activity.webhook.copy')}
            copiedLabel={t('activity.webhook.copied')}
            failedLabel={t('activity.webhook.copyFailed')}
            describedBy={urlLabelId}
            valueTestId="hook-url"
            copyTestId="copy-hook-url"
          />
        ) : (
          <p className="copy-field-missing" data-testid="no-hook-url">{t('activity.webhook.noHookUrl')}</p>
        )}
        <p className="fact-hint">{t('activity.webhook.hookUrlHint')}</p>
      </div>
      {state.publicBaseUrl === null ? (
        <Notice tone="warning" testId="no-public-address">
          <p>{t('activity.webhook.noPublic')}</p>
          <div>
            <Button size="sm" icon={<SettingsIcon />} onClick={() => go('settings')}>
              {t('activity.webhook.openSettings')}
            </Button>
          </div>
        </Notice>
      ) : null}
      <dl className="fact-list">
        <div>
          <dt>{t('activity.webhook.localUrl')}</dt>
          <dd className="mono" data-testid="local-url">
            {state.localUrl ?? t('activity.none')}
          </dd>
        </div>
        <div>
          <dt>{t('activity.webhook.publicUrl')}</dt>
          <dd className="mono">{state.publicBaseUrl ?? t('activity.none')}</dd>
        </div>
        <div>
          <dt>{t('activity.webhook.secret')}</dt>
          <dd data-testid="hmac-state">{state.hmacConfigured ? t('activity.webhook.secretSet') : t('activity.webhook.secretNotSet')}</dd>
        </div>
      </dl>
    </>
  );
}
