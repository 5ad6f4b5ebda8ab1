import { useState } from 'react';
import { isAppError, type WebhookState } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { valuesOf, webhookFields, webhookPatch, type WebhookField, type WebhookProblems, type WebhookValues } from './validate-webhooks';

type Outcome = 'saved' | 'nothing' | null;

/**
 * State of Settings → Notifications. Save sends only what changed (`webhooks.configure`), after the
 * shared schema's checks here; the host's answer becomes the new starting point.
 */
export function useWebhookForm(state: WebhookState, onStored: (state: WebhookState) => void) {
  const client = useClient();
  const [values, setValues] = useState<WebhookValues>(() => valuesOf(state));
  const [problems, setProblems] = useState<WebhookProblems>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The public address follows the host (a tunnel starting or stopping changes it) until the user types one.
  const [typedAddress, setTypedAddress] = useState(false);
  const [seenAddress, setSeenAddress] = useState(state.publicBaseUrl);
  if (seenAddress !== state.publicBaseUrl) {
    setSeenAddress(state.publicBaseUrl);
    if (!typedAddress) setValues((current) => ({ ...current, publicBaseUrl: state.publicBaseUrl ?? '' }));
  }

  const change = (field: WebhookField, value: string) => {
    if (field === 'publicBaseUrl') setTypedAddress(true);
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
    setError(null);
    setOutcome(null);
  };

  /** Saves; answers the first field with a problem (to move focus there), or null. */
  const save = async (): Promise<WebhookField | null> => {
    if (saving) return null;
    const { patch, problems: found } = webhookPatch(values, state);
    setProblems(found);
    setError(null);
    setOutcome(null);
    const invalid = webhookFields.find((field) => found[field] !== undefined) ?? null;
    if (invalid) return invalid;
    if (Object.keys(patch).length === 0) {
      setOutcome('nothing');
      return null;
    }
    setSaving(true);
    try {
      const stored = await client.call('webhooks.configure', patch);
      setValues(valuesOf(stored));
      setTypedAddress(false);
      setSeenAddress(stored.publicBaseUrl);
      setOutcome('saved');
      onStored(stored);
      return null;
    } catch (failure) {
      setError(failure);
      return webhookFields.find((field) => isAppError(failure) && (failure.fields?.[field]?.length ?? 0) > 0) ?? null;
    } finally {
      setSaving(false);
    }
  };

  return { values, problems, saving, error, outcome, change, save };
}
