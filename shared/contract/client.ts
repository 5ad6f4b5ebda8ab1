import { AppError, type Result } from './errors';
import type { OperationInput, OperationName, OperationOutput } from './operations';
import type { EventName, EventPayload } from './events';

/** What a transport (preload bridge, web host, in-process core) offers: raw envelopes. */
export interface Transport {
  call(name: string, input: unknown): Promise<Result<unknown>>;
  subscribe(name: string, listener: (payload: unknown) => void): () => void;
}

/** Typed view over a transport: results come back typed, failures are thrown as `AppError`. */
export interface ContractClient {
  call<N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>>;
  subscribe<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createContractClient(transport: Transport): ContractClient {
  return {
    async call(name, input) {
      const result = await transport.call(name, input);
      if (!result.ok) throw new AppError(result.error);
      return result.value as never;
    },
    subscribe(name, listener) {
      return transport.subscribe(name, (payload) => listener(payload as never));
    },
  };
}
