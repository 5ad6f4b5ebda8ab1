import { useCallback, useEffect, useState } from 'react';
import type { EvidenceSettings } from '../../../../shared/domain/evidence';
import { useClient } from '../../lib/client-context';
import { useEvidenceStore } from './evidence-store';

/**
 * The archive's settings (folder, trusted authorities, last check), read again whenever the page's
 * revision moves; `apply` shows what an operation answered at once.
 */
export function useEvidenceSettings() {
  const client = useClient();
  const revision = useEvidenceStore((store) => store.revision);
  const [settings, setSettings] = useState<EvidenceSettings | null>(null);
  const load = useCallback(() => client.call('evidence.settings', {}).then(setSettings, () => undefined), [client]);
  useEffect(() => void load(), [load, revision]);
  const apply = useCallback((value: EvidenceSettings) => {
    setSettings(value);
    return value;
  }, []);
  return { settings, load, apply };
}
