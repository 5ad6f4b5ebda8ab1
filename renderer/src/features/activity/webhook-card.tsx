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
import { selectSelectedAccount, useAccountsStore } from '../../stores/accounts-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { LoadProblem } from '../../components/load-problem';
import { ago } from '../../lib/relative-time';
import { useNow } from '../../lib/use-now';
import { useWebhookState } from '../../lib/use-webhook-state';
import { openTunnelSettings } from '../../stores/tunnel-focus';
import { useTunnelStatus } from '../../lib/use-tunnel-status';

/** What the feed knows of notifications: how many arrived and when the last one did (null while loading). */
export interface Arrivals {
  received: number;
  lastAt: string | null;
}

/**
 * The webhook listener in one word that never contradicts the rest: receiving (notifications are
 * arriving), waiting for the first (with what to do), or not listening; then the address to paste.
 * The tunnel warning shows only when no notification has ever arrived, and never for the demo: its
 * sandbox, on this computer, is given the listener's own address. Live on `webhooks.changed`.
 */
export function WebhookCard({ accountId, arrivals }: { accountId: string; arrivals: Arrivals | null }) {
  const { t } = useTranslation();
  const hooks = useWebhookState(accountId);
  const state = hooks.data;
  // A tunnel that is not working puts its problem in `state.error` too: it is said on the line at the
  // top of the page (tunnel-line.tsx), not as a listener failure here.
  const tunnel = useTunnelStatus(accountId).data;
  const tunnelTrouble = tunnel !== null && tunnel.error !== null && tunnel.state !== 'running' && tunnel.state !== 'off';
  const receiving = state?.listening === true && (arrivals?.received ?? 0) > 0;
  const word = !state?.listening
    ? t('activity.webhook.notListening')
    : receiving
      ? t('activity.webhook.receiving')
      : t('activity.webhook.waiting');
  const tone = !state?.listening ? 'danger' : receiving ? 'success' : 'neutral';
  return (
    <SectionCard
      title={t('activity.webhook.title')}
      description={t('activity.webhook.description')}
      testId="webhook-card"
      actions={
        state ? (
          <span role="status" data-testid="listener-state" data-listening={state.listening}>
            <Tag tone={tone}>{word}</Tag>
          </span>
        ) : null
      }
    >
      <div className="activity-card-body">
        {hooks.loading && !hooks.error ? <ProgressNote text={t('activity.webhook.loading')} /> : null}
        {hooks.error ? <LoadProblem error={hooks.error} onRetry={hooks.reload} /> : null}
        {state ? <WebhookDetails state={state} arrivals={arrivals} tunnelTrouble={tunnelTrouble} /> : null}
      </div>
    </SectionCard>
  );
}

function WebhookDetails({ state, arrivals, tunnelTrouble }: { state: WebhookState; arrivals: Arrivals | null; tunnelTrouble: boolean }) {
  const { t, i18n } = useTranslation();
  const arrived = arrivals !== null && arrivals.received > 0;
  const now = useNow(30_000);
  const go = useNavigationStore((store) => store.go);
  const demo = useAccountsStore((store) => selectSelectedAccount(store)?.demo === true);
  const urlLabelId = useId();
  const failed = t('activity.webhook.failed');
  return (
    <>
      {(state.error !== null && !tunnelTrouble) || !state.listening ? (
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
          <p className="copy-field-missing" data-testid="no-hook-url">
            {t(demo ? 'activity.webhook.noHookUrlSandbox' : 'activity.webhook.noHookUrl')}
          </p>
        )}
        <p className="fact-hint">{t('activity.webhook.hookUrlHint')}</p>
      </div>
      {state.listening && arrived && arrivals.lastAt ? (
        <p className="webhook-arriving" data-testid="notifications-arriving">
          {t('activity.webhook.arriving', { ago: ago(arrivals.lastAt, now, i18n.language) })}
        </p>
      ) : null}
      {state.listening && arrivals !== null && !arrived && (state.publicBaseUrl !== null || demo) ? (
        <Notice tone="info" testId="waiting-first">
          <p>{t(demo && state.publicBaseUrl === null ? 'activity.webhook.waitingSandbox' : 'activity.webhook.waitingPublic')}</p>
        </Notice>
      ) : null}
      {state.listening && arrivals !== null && !arrived && state.publicBaseUrl === null && !demo ? (
        <Notice tone="warning" testId="no-public-address">
          <p>{t('activity.webhook.notArriving')}</p>
          <div>
            <Button size="sm" icon={<SettingsIcon />} onClick={() => openTunnelSettings(go)}>
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
