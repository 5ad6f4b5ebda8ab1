import { useEffect, useState } from 'react';
import { useClient } from '../lib/client-context';
import { loadAppState } from './load-state';

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

export function useInitialLoad(): { state: LoadState; retry(): void } {
  const client = useClient();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    loadAppState(client).then(
      () => active && setState({ status: 'ready' }),
      (error: unknown) => active && setState({ status: 'failed', error }),
    );
    return () => {
      active = false;
    };
  }, [client, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { state, retry };
}
