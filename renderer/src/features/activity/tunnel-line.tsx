import { useTranslation } from 'react-i18next';
import type { TunnelStatus, WebhookState } from '../../../../shared';
import { Button } from '../../components/button';
import { SettingsIcon } from '../../components/icons';
import { Tag } from '../../components/tag';
import { useNavigationStore } from '../../stores/navigation-store';
import { openTunnelSettings } from '../../stores/tunnel-focus';
import { ago } from '../../lib/relative-time';
import { useWebhookState } from '../../lib/use-webhook-state';
import { useNow } from '../../lib/use-now';
import { pollingMinutes, tunnelTone, useTunnelStatus } from '../../lib/use-tunnel-status';

/**
 * One line at the top of the Activity page: whether notifications reach SignDock (through the tunnel,
 * through the user's own public address, or not at all, with polling meanwhile) and a way to
 * Settings → Notifications, where all of it is set up. Live on `tunnel.changed`.
 */
export function TunnelLine({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const status = useTunnelStatus(accountId).data;
  const hooks = useWebhookState(accountId).data;
  const go = useNavigationStore((store) => store.go);
  if (!status) return null;
  const working = status.state === 'running' || (status.provider === 'none' && hooks?.publicBaseUrl != null);
  return (
    <div className="tunnel-line" data-testid="tunnel-line" data-state={status.state}>
      <Tag tone={status.provider === 'none' ? (working ? 'success' : 'neutral') : tunnelTone[status.state]}>
        {t('tunnel.activity.label')}
      </Tag>
      <p className="tunnel-line-text" role="status">
        <Sentence status={status} hooks={hooks} />
      </p>
      <Button size="sm" variant="ghost" icon={<SettingsIcon />} onClick={() => openTunnelSettings(go)} data-testid="tunnel-line-settings">
        {working ? t('tunnel.activity.change') : t('tunnel.activity.open')}
      </Button>
    </div>
  );
}

function Sentence({ status, hooks }: { status: TunnelStatus; hooks: WebhookState | null }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const minutes = pollingMinutes;
  const last = status.notifications.lastReceivedAt;
  const when = last ? ago(last, now, i18n.language) : null;
  const provider = status.provider === 'none' ? '' : t(`tunnel.activity.providerNames.${status.provider}`);
  if (status.provider === 'none' || status.state === 'off') {
    if (status.provider === 'none' && hooks?.publicBaseUrl != null) {
      return <>{when ? t('tunnel.activity.publicAddressLast', { ago: when }) : t('tunnel.activity.publicAddress', { minutes })}</>;
    }
    return <>{t('tunnel.activity.off', { minutes })}</>;
  }
  if (status.state === 'running') {
    return <>{when ? t('tunnel.activity.runningLast', { provider, ago: when }) : t('tunnel.activity.running', { provider, minutes })}</>;
  }
  return <>{t(`tunnel.activity.${status.state}`, { minutes })}</>;
}
