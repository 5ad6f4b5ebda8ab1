import { useRef, useState } from 'react';

interface ActionState<R> {
  pending: boolean;
  error: unknown;
  result: R | undefined;
}

const idle = { pending: false, error: null, result: undefined };

/**
 * Runs an async action and remembers whether it is running, what it returned or why it failed.
 * A second `run` while one is in flight is ignored, so double clicks never send twice.
 */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [state, setState] = useState<ActionState<R>>(idle);
  const running = useRef(false);

  const run = async (...args: A): Promise<R | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setState({ pending: true, error: null, result: undefined });
    try {
      const result = await action(...args);
      setState({ pending: false, error: null, result });
      return result;
    } catch (error) {
      setState({ pending: false, error, result: undefined });
      return undefined;
    } finally {
      running.current = false;
    }
  };

  const reset = () => setState(idle);

  return { ...state, run, reset };
}
