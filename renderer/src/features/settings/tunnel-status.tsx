import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TunnelStatus } from '../../../../shared';
import { CopyValue } from '../../components/copy-value';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { Tag } from '../../components/tag';
import { TechnicalDetails } from '../../components/technical-details';
import { useErrorText } from '../../lib/use-error-text';
import { ago } from '../../lib/relative-time';
import { useNow } from '../../lib/use-now';
import { pollingMinutes, tunnelTone } from '../../lib/use-tunnel-status';

const steps = ['copy', 'open', 'menu', 'paste', 'secret'] as const;

/**
 * Where the tunnel stands, in words: its state; while running the notification address with Copy,
 * where to paste it in the service's console, and whether notifications are arriving; while
 * reconnecting the countdown to the next attempt; the last problem with what to do. Live (`tunnel.changed`).
 */
export function TunnelStatusView({ status, reservedDomain }: { status: TunnelStatus; reservedDomain: boolean }) {
  const { t } = useTranslation();
  const { explain } = useErrorText();
  const minutes = pollingMinutes;
  const sentence =
    status.state === 'reconnecting'
      ? null
      : status.state === 'off' && status.provider === 'none'
        ? t('tunnel.status.none', { minutes })
        : status.state === 'needsHostKeyConfirmation'
          ? null
          : t(`tunnel.status.${status.state}`, { minutes });
  const problem = status.error ? explain(status.error) : null;
  return (
    <div className="tunnel-status" data-testid="tunnel-status" data-state={status.state}>
      <div className="tunnel-status-line" role="status" aria-live="polite">
        <span className="tunnel-status-label">{t('tunnel.stateLabel')}</span>
        <Tag tone={tunnelTone[status.state]} testId="tunnel-state">
          {t(`tunnel.states.${status.state}`)}
        </Tag>
        {status.state === 'reconnecting' ? <Countdown status={status} /> : null}
      </div>
      {status.state === 'starting' ? (
        <ProgressNote text={t('tunnel.startingStatus')} testId="tunnel-starting" />
      ) : sentence ? (
        <p className="tunnel-sentence">{sentence}</p>
      ) : null}
      {problem !== null && status.state !== 'running' ? (
        <Notice tone={status.state === 'failed' ? 'danger' : 'warning'} testId="tunnel-problem">
          <p>{problem}</p>
          <TechnicalDetails text={status.error?.message} shown={problem} />
        </Notice>
      ) : null}
      {status.state === 'running' && status.hookUrl ? (
        <PasteAddress url={status.hookUrl} stable={status.provider !== 'ngrok' || reservedDomain} />
      ) : null}
      {status.state === 'running' ? <Arrivals status={status} /> : null}
    </div>
  );
}

/** "Tries again in 12 s (attempt 3)", counting down each second. */
function Countdown({ status }: { status: TunnelStatus }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const seconds = status.nextRetryAt === null ? 0 : Math.max(0, Math.ceil((Date.parse(status.nextRetryAt) - now) / 1000));
  return (
    <span className="tunnel-countdown" data-testid="tunnel-countdown">
      {seconds > 0 ? t('tunnel.status.reconnecting', { seconds, attempt: status.attempts }) : t('tunnel.status.reconnectingNow')}
    </span>
  );
}

/** The address with Copy, and the steps to paste it in the service's console. */
function PasteAddress({ url, stable }: { url: string; stable: boolean }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="copy-field">
      <p className="copy-field-label" id={labelId}>
        {t('tunnel.address')}
      </p>
      <CopyValue
        value={url}
        label={t('tunnel.copy')}
        copiedLabel={t('tunnel.copied')}
        failedLabel={t('tunnel.copyFailed')}
        describedBy={labelId}
        valueTestId="tunnel-hook-url"
        copyTestId="tunnel-copy"
      />
      <p className="fact-hint">{stable ? t('tunnel.stableAddress') : t('tunnel.changingAddress')}</p>
      <p className="tunnel-steps-title">{t('tunnel.stepsTitle')}</p>
      <ol className="tunnel-steps" data-testid="tunnel-steps">
        {steps.map((step) => (
          <li key={step}>{t(`tunnel.steps.${step}`)}</li>
        ))}
      </ol>
    </div>
  );
}

/** "Last notification 2 min ago" or "None yet — SignDock checks … meanwhile". */
function Arrivals({ status }: { status: TunnelStatus }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const last = status.notifications.lastReceivedAt;
  return (
    <p className="tunnel-arrivals" data-testid="tunnel-arrivals">
      {last
        ? t('tunnel.arriving', { ago: ago(last, now, i18n.language), received: status.notifications.receivedThisRun })
        : t('tunnel.noneYet', { minutes: pollingMinutes })}
    </p>
  );
}
