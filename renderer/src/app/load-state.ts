import type { ContractClient } from '../../../shared';
import { useEvidenceStore } from '../features/evidence/evidence-store';
import { useAccountsStore } from '../stores/accounts-store';
import { useAppInfoStore } from '../stores/app-info-store';
import { useSettingsStore } from '../stores/settings-store';

/** Everything the shell needs before its first paint. */
export async function loadAppState(client: ContractClient): Promise<void> {
  const [info, settings, accounts] = await Promise.all([
    client.call('app.info', {}),
    client.call('settings.get', {}),
    client.call('accounts.list', {}),
  ]);
  useAppInfoStore.getState().setInfo(info);
  // Started to review an archive (`--archive`): the review is the first screen, not "Connect your account".
  if (info.reviewArchive) useEvidenceStore.getState().setOffline(true);
  useSettingsStore.getState().setSettings(settings);
  useAccountsStore.getState().setAccounts(accounts);
}

/** What events keep current; re-read when the event stream (re)opens, in case some were missed. */
export async function refreshLiveState(client: ContractClient): Promise<void> {
  const [settings, accounts] = await Promise.all([client.call('settings.get', {}), client.call('accounts.list', {})]);
  useSettingsStore.getState().fromHost(settings);
  useAccountsStore.getState().setAccounts(accounts);
}
