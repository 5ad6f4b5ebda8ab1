import { useState } from 'react';
import type { TunnelSettings, TunnelStatus } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import {
  tunnelChanged,
  tunnelFields,
  tunnelInput,
  tunnelValuesOf,
  type TunnelField,
  type TunnelProblems,
  type TunnelValues,
} from './tunnel-values';

/**
 * State and actions of the tunnel form. Save stores the settings (and a typed ngrok authtoken, in the
 * keychain); Start saves what changed first, then opens the tunnel; Stop closes it; Forget deletes the
 * authtoken; Trust confirms the SSH server's key shown in the status. Host answers become the new
 * starting point (`onSettings`; a status answer through `trackStatus`, so it never hides a newer event).
 */
export function useTunnelForm(
  settings: TunnelSettings,
  onSettings: (settings: TunnelSettings) => void,
  trackStatus: () => (status: TunnelStatus) => void,
) {
  const client = useClient();
  const [values, setValues] = useState<TunnelValues>(() => tunnelValuesOf(settings));
  const [problems, setProblems] = useState<TunnelProblems>({});
  const [saved, setSaved] = useState(false);

  const change = <K extends keyof TunnelValues>(field: K, value: TunnelValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    setSaved(false);
  };

  /** Stores what changed; answers the first field with a problem (null: stored, or nothing to store). */
  const store = async (): Promise<TunnelField | null> => {
    const checked = tunnelInput(values, settings);
    setProblems(checked.problems);
    const first = tunnelFields.find((field) => checked.problems[field] !== undefined) ?? null;
    if (first) return first;
    let next = settings;
    if (values.authtoken.trim() !== '') next = await client.call('tunnel.storeAuthtoken', { authtoken: values.authtoken.trim() });
    if (tunnelChanged({ ...values, authtoken: '' }, next)) next = await client.call('tunnel.saveSettings', checked.input);
    onSettings(next);
    setValues(tunnelValuesOf(next));
    return null;
  };

  const save = useAction(async () => {
    setSaved(false);
    const field = await store();
    if (field === null) setSaved(true);
    return field;
  });
  const start = useAction(async () => {
    setSaved(false);
    const field = await store();
    if (field !== null) return field;
    const show = trackStatus();
    show(await client.call('tunnel.start', {}));
    return null;
  });
  const stop = useAction(async () => {
    const show = trackStatus();
    show(await client.call('tunnel.stop', {}));
  });
  const forget = useAction(async () => {
    const next = await client.call('tunnel.forgetAuthtoken', {});
    onSettings(next);
    return next;
  });
  const trust = useAction(async (fingerprint: string) => {
    const show = trackStatus();
    show(await client.call('tunnel.confirmHostKey', { fingerprint }));
  });

  return { values, problems, saved, change, save, start, stop, forget, trust };
}
