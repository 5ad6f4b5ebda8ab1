import { AppError } from '../../../../shared/contract/errors';
import type { TunnelSettings, TunnelStatus } from '../../../../shared/domain/webhooks';
import type { Handlers } from '../../dispatcher';
import type { EventBus } from '../../events/event-bus';
import type { WebhookService } from '../webhook-service';

export interface TunnelHandlersDeps {
  webhooks: WebhookService;
  /** The account whose notification URL the status shows. */
  selectedId: () => string | null;
  events: EventBus;
}

type TunnelHandlers = Pick<
  Handlers,
  | 'tunnel.settings'
  | 'tunnel.saveSettings'
  | 'tunnel.storeAuthtoken'
  | 'tunnel.forgetAuthtoken'
  | 'tunnel.start'
  | 'tunnel.stop'
  | 'tunnel.status'
  | 'tunnel.confirmHostKey'
>;

/**
 * The `tunnel.*` operations (Settings → Notifications) over the webhook service's tunnel manager, and
 * the `tunnel.changed` event on every change of its state (plus `webhooks.changed`: the URL to paste moved)
 * and, while a tunnel is on, whenever the inbox changed (notifications arriving).
 */
export function createTunnelHandlers({ webhooks, selectedId, events }: TunnelHandlersDeps): {
  handlers: TunnelHandlers;
  status: () => TunnelStatus;
} {
  const status = (): TunnelStatus => {
    const core = webhooks.tunnel.status();
    const accountId = selectedId();
    let hookUrl: string | null = null;
    if (core.state === 'running' && accountId !== null) {
      try {
        hookUrl = webhooks.endpoint(accountId).hookUrl;
      } catch {
        hookUrl = null;
      }
    }
    return {
      ...core,
      hookUrl,
      notifications: {
        lastReceivedAt: webhooks.inbox.lastReceivedAt(accountId ?? undefined),
        receivedThisRun: webhooks.counters().accepted,
      },
    };
  };
  webhooks.tunnel.onChange(() => {
    events.emit('tunnel.changed', status());
    events.emit('webhooks.changed', webhooks.state(selectedId()));
  });
  // Notifications arriving change the status too ("are they arriving?"): told while a tunnel is on.
  events.subscribe((message) => {
    if (message.event === 'inbox.changed' && webhooks.tunnel.status().state !== 'off') events.emit('tunnel.changed', status());
  });

  const settings = async (): Promise<TunnelSettings> => {
    const stored = webhooks.tunnelSettings.get();
    return {
      provider: stored.provider,
      enabled: webhooks.tunnelSettings.enabled(),
      ngrok: {
        ...stored.ngrok,
        authtokenStored: await webhooks.ngrokAuthtoken.stored(),
        authtokenFromEnvironment: webhooks.ngrokAuthtoken.fromEnvironment(),
      },
      ssh: stored.ssh ? { ...stored.ssh, pinnedFingerprint: stored.pinnedFingerprint } : null,
    };
  };
  /** A tunnel that is open (or trying) takes new settings at once. */
  const restartIfOn = async () => {
    if (webhooks.tunnelSettings.enabled() && webhooks.tunnel.status().state !== 'off') void webhooks.tunnel.start();
  };

  const handlers: TunnelHandlers = {
    'tunnel.settings': () => settings(),
    'tunnel.saveSettings': async (input) => {
      webhooks.tunnelSettings.save(input);
      if (input.provider === 'none') {
        webhooks.tunnelSettings.setEnabled(false);
        await webhooks.tunnel.stop();
      } else await restartIfOn();
      return settings();
    },
    'tunnel.storeAuthtoken': async ({ authtoken }) => {
      await webhooks.ngrokAuthtoken.store(authtoken);
      if (webhooks.tunnelSettings.get().provider === 'ngrok') await restartIfOn();
      return settings();
    },
    'tunnel.forgetAuthtoken': async () => {
      await webhooks.ngrokAuthtoken.forget();
      if (webhooks.tunnelSettings.get().provider === 'ngrok' && !webhooks.ngrokAuthtoken.fromEnvironment()) await webhooks.tunnel.stop();
      return settings();
    },
    'tunnel.start': () => {
      webhooks.tunnelSettings.setEnabled(true);
      void webhooks.tunnel.start();
      return status();
    },
    'tunnel.stop': async () => {
      webhooks.tunnelSettings.setEnabled(false);
      await webhooks.tunnel.stop();
      return status();
    },
    'tunnel.status': () => status(),
    'tunnel.confirmHostKey': ({ fingerprint }) => {
      // Only a first contact can be confirmed: a key that differs from the trusted one is never accepted here.
      const { state, hostKey: shown } = webhooks.tunnel.status();
      if (state !== 'needsHostKeyConfirmation' || !shown || shown.fingerprint !== fingerprint) {
        throw new AppError({
          kind: 'Conflict',
          code: 'webhooks.tunnel.sshHostKeyChanged',
          params: { host: shown?.host ?? '', fingerprint: shown?.fingerprint ?? '' },
          message:
            'Only the key of a server met for the first time can be confirmed, and only the fingerprint shown. A key that differs from the trusted one is refused.',
        });
      }
      webhooks.tunnelSettings.pin(fingerprint);
      webhooks.tunnelSettings.setEnabled(true);
      void webhooks.tunnel.start();
      return status();
    },
  };
  return { handlers, status };
}
