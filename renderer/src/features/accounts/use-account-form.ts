import { useEffect, useState } from 'react';
import { DEFAULT_BASE_URL, isAppError, type Account, type KeyCheck } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { refreshAccounts } from './account-actions';
import { checkAccountFields, type AccountField, type AccountValues, type FieldProblems } from './validate-account';

type Phase = 'idle' | 'testing' | 'saving';

const fieldOrder: readonly AccountField[] = ['name', 'baseUrl', 'apiKey'];

/**
 * State of the account form. "Test" checks the key without storing anything; "Save" calls
 * `accounts.add`, which checks again and stores nothing on failure. Both first run the shared
 * schemas here, so a clerk sees a field's problem before anything leaves the window.
 */
export function useAccountForm(onSaved: (account: Account) => void) {
  const client = useClient();
  const [values, setValues] = useState<AccountValues>({ name: '', baseUrl: DEFAULT_BASE_URL, apiKey: '' });
  const [problems, setProblems] = useState<FieldProblems>({});
  const [phase, setPhase] = useState<Phase>('idle');
  const [check, setCheck] = useState<KeyCheck | null>(null);
  const [error, setError] = useState<unknown>(null);
  /** Seconds until the key check tries again, while the service is busy (429, 502…). */
  const [retrySeconds, setRetrySeconds] = useState<number | null>(null);

  useEffect(() => {
    if (phase === 'idle') {
      setRetrySeconds(null);
      return;
    }
    return client.subscribe('accounts.keyCheckRetry', ({ seconds }) => setRetrySeconds(Math.max(1, seconds)));
  }, [client, phase]);

  const change = (field: AccountField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
    setError(null);
    if (field !== 'name') setCheck(null);
  };

  /** The first field with a problem (to move focus there), or null when all are fine. */
  const validate = (fields: readonly AccountField[]): AccountField | null => {
    const found = checkAccountFields(values, fields);
    setProblems(found);
    return fieldOrder.find((field) => found[field] !== undefined) ?? null;
  };

  const test = async (): Promise<AccountField | null> => {
    if (phase !== 'idle') return null;
    const invalid = validate(['baseUrl', 'apiKey']);
    if (invalid) return invalid;
    setPhase('testing');
    setCheck(null);
    setError(null);
    try {
      setCheck(await client.call('accounts.test', { baseUrl: values.baseUrl, apiKey: values.apiKey }));
    } catch (failure) {
      setError(failure);
    } finally {
      setPhase('idle');
    }
    return null;
  };

  const save = async (): Promise<AccountField | null> => {
    if (phase !== 'idle') return null;
    const invalid = validate(fieldOrder);
    if (invalid) return invalid;
    setPhase('saving');
    setCheck(null);
    setError(null);
    try {
      const account = await client.call('accounts.add', { name: values.name, baseUrl: values.baseUrl, apiKey: values.apiKey });
      await refreshAccounts(client);
      onSaved(account);
    } catch (failure) {
      setError(failure);
      return fieldOrder.find((field) => isAppError(failure) && (failure.fields?.[field]?.length ?? 0) > 0) ?? null;
    } finally {
      setPhase('idle');
    }
    return null;
  };

  return { values, problems, phase, check, error, retrySeconds, change, test, save };
}
