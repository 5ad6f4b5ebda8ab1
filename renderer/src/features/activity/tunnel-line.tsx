import { useTranslation } from 'react-i18next';
import type { TunnelStatus, WebhookState } from '../../../../shared';
import { Button } from '../../components/button';
import { SettingsIcon } from '../../components/icons';
import { Tag } from '../../components/tag';
import { selectSelectedAccount, useAccountsStore } from '../../stores/accounts-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { openTunnelSettings } from '../../stores/tunnel-focus';
import { ago } from '../../lib/relative-time';
import { useWebhookState } from '../../lib/use-webhook-state';
import { useNow } from '../../lib/use-now';
import { pollingMinutes, tunnelTone, useTunnelStatus } from '../../lib/use-tunnel-status';

/** How notifications reach SignDock, as the line tells it (see `reachOf`). */
type Reach = 'tunnel' | 'tunnelTrouble' | 'sandbox' | 'publicAddress' | 'arriving' | 'none';

/**
 * One truth about the notifications: a tunnel that runs or fails says so; with no tunnel, the demo's
 * sandbox (on this computer, given the listener's own address) needs none, the user's own public
 * address is the way, notifications that did arrive since SignDock started are arriving (something
 * reaches this computer), and only then are they "not arriving".
 */
function reachOf(status: TunnelStatus, hooks: WebhookState | null, demo: boolean): Reach {
  if (status.provider !== 'none' && status.state !== 'off') return status.state === 'running' ? 'tunnel' : 'tunnelTrouble';
  if (demo) return 'sandbox';
  if (hooks?.publicBaseUrl != null) return 'publicAddress';
  if (status.notifications.receivedThisRun > 0 && status.notifications.lastReceivedAt !== null) return 'arriving';
  return 'none';
}

/**
 * One line at the top of the Activity page: whether notifications reach SignDock (through the tunnel,
 * straight from the demo's sandbox, through the user's own public address, or not at all, with polling
 * meanwhile) and a way to Settings → Notifications, where all of it is set up; "Set up" only when
 * nothing brings them. Live on `tunnel.changed`.
 */
export function TunnelLine({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const status = useTunnelStatus(accountId).data;
  const hooks = useWebhookState(accountId).data;
  const demo = useAccountsStore((store) => selectSelectedAccount(store)?.demo === true);
  const go = useNavigationStore((store) => store.go);
  if (!status) return null;
  const reach = reachOf(status, hooks, demo);
  const working = reach !== 'none' && reach !== 'tunnelTrouble';
  return (
    <div className="tunnel-line" data-testid="tunnel-line" data-state={status.state} data-reach={reach}>
      <Tag tone={reach === 'tunnel' || reach === 'tunnelTrouble' ? tunnelTone[status.state] : working ? 'success' : 'neutral'}>
        {t('tunnel.activity.label')}
      </Tag>
      <p className="tunnel-line-text" role="status">
        <Sentence status={status} reach={reach} />
      </p>
      <Button size="sm" variant="ghost" icon={<SettingsIcon />} onClick={() => openTunnelSettings(go)} data-testid="tunnel-line-settings">
        {working ? t('tunnel.activity.change') : t('tunnel.activity.open')}
      </Button>
    </div>
  );
}

function Sentence({ status, reach }: { status: TunnelStatus; reach: Reach }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const minutes = pollingMinutes;
  const last = status.notifications.lastReceivedAt;
  const when = last ? ago(last, now, i18n.language) : null;
  const provider = status.provider === 'none' ? '' : t(`tunnel.activity.providerNames.${status.provider}`);
  switch (reach) {
    case 'tunnel':
      return <>{when ? t('tunnel.activity.runningLast', { provider, ago: when }) : t('tunnel.activity.running', { provider, minutes })}</>;
    case 'tunnelTrouble':
      return <>{t(`tunnel.activity.${status.state}`, { minutes })}</>;
    case 'sandbox':
      return <>{when ? t('tunnel.activity.sandboxLast', { ago: when }) : t('tunnel.activity.sandbox', { minutes })}</>;
    case 'publicAddress':
      return <>{when ? t('tunnel.activity.publicAddressLast', { ago: when }) : t('tunnel.activity.publicAddress', { minutes })}</>;
    case 'arriving':
      return <>{t('tunnel.activity.arrivingLast', { ago: when })}</>;
    case 'none':
      return <>{t('tunnel.activity.off', { minutes })}</>;
  }
}
