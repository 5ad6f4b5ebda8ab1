import { useMemo } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createContractClient } from '../../../shared';
import type { Bridge } from '../bridge/connect-bridge';
import { useEvidenceStore } from '../features/evidence/evidence-store';
import { OfflineReview } from '../features/evidence/offline-review';
import { OnboardingView } from '../features/onboarding/onboarding-view';
import { ClientContext } from '../lib/client-context';
import { FileSourceContext } from '../lib/file-source-context';
import { useAccountsStore } from '../stores/accounts-store';
import { AppShell } from './app-shell';
import { LoadingScreen } from './loading-screen';
import { StartupError } from './startup-error';
import { useApplyPreferences } from './use-apply-preferences';
import { useInitialLoad } from './use-initial-load';
import { useLiveUpdates } from './use-live-updates';
import { useBrowserNotices } from './use-browser-notices';

/** The root: provides the contract client and the i18n instance, then picks the screen. */
export function App({ bridge, i18n }: { bridge: Bridge; i18n: I18n }) {
  const client = useMemo(() => createContractClient(bridge.transport), [bridge]);
  return (
    <I18nextProvider i18n={i18n}>
      <ClientContext value={client}>
        <FileSourceContext value={bridge.files}>
          <Root bridge={bridge} i18n={i18n} />
        </FileSourceContext>
      </ClientContext>
    </I18nextProvider>
  );
}

function Root({ bridge, i18n }: { bridge: Bridge; i18n: I18n }) {
  useApplyPreferences(i18n);
  useLiveUpdates(bridge.monitor);
  useBrowserNotices(i18n, bridge.kind === 'electron');
  const { state, retry } = useInitialLoad();
  const hasAccounts = useAccountsStore((store) => store.accounts.length > 0);
  // With no account, the Evidence page still reviews the archive from its bags (offered on the welcome screen).
  const offlineReview = useEvidenceStore((store) => store.offline);

  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'failed') return <StartupError error={state.error} onRetry={retry} />;
  if (hasAccounts) return <AppShell />;
  return offlineReview ? <OfflineReview /> : <OnboardingView />;
}
